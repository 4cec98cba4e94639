import { Injectable } from '@nestjs/common';
import { BioService } from '../bio/bio.service';
import { BundlesService } from '../bundles/bundles.service';
import { notFound } from '../common/errors/domain-error';
import { FilesService } from '../files/files.service';
import { LinkBlocks } from '../links/link-blocks';
import { TextsService } from '../texts/texts.service';

/** What an admin sees of a text before deciding: enough to judge, never a whole novel. */
const TEXT_PREVIEW_CHARS = 20_000;

export type SharePreview = {
  id: number;
  shortUrl: string;
  title: string | null;
  blockedReason: string | null;
} & (
  | { kind: 'redirect'; target: string }
  | { kind: 'text'; content: string; cut: boolean; oneTime: boolean }
  | { kind: 'file'; filename: string; mime: string; size: number }
  | { kind: 'bio'; description: string; links: { title: string; url: string }[] }
  | { kind: 'bundle'; files: { filename: string; mime: string; size: number }[] }
);

/**
 * Any account's share as an admin judges a report of it: read from the database, so it counts
 * no visit and uses up no one-time text (opening the address would do both).
 */
@Injectable()
export class SharePreviews {
  constructor(
    private readonly blocks: LinkBlocks,
    private readonly texts: TextsService,
    private readonly files: FilesService,
    private readonly bio: BioService,
    private readonly bundles: BundlesService,
  ) {}

  async of(linkId: number): Promise<SharePreview> {
    const link = await this.blocks.find(linkId);
    if (!link) throw notFound('Share');
    const base = {
      id: link.id,
      shortUrl: this.blocks.shortUrlOf(link),
      title: link.title,
      blockedReason: link.blockedReason,
    };
    switch (link.kind) {
      case 'redirect':
        return { ...base, kind: 'redirect', target: link.targetUrl ?? '' };
      case 'text': {
        const text = await this.texts.getText(link);
        const content = text.content.slice(0, TEXT_PREVIEW_CHARS);
        const cut = content.length < text.content.length;
        return { ...base, kind: 'text', content, cut, oneTime: text.burnAfterRead };
      }
      case 'file': {
        const file = await this.files.getByLink(link);
        return { ...base, kind: 'file', filename: file.filename, mime: file.mime, size: file.size };
      }
      case 'bio': {
        const { page, links } = await this.bio.contentFor(link);
        const items = links.map((l) => ({ title: l.title, url: l.url }));
        return { ...base, kind: 'bio', description: page.description, links: items };
      }
      case 'bundle': {
        const { files } = await this.bundles.contentFor(link);
        const items = files.map((f) => ({ filename: f.filename, mime: f.mime, size: f.size }));
        return { ...base, kind: 'bundle', files: items };
      }
    }
  }
}
