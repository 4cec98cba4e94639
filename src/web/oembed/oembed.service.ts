import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Injectable } from '@nestjs/common';
import { BioService } from '../../bio/bio.service';
import { Clock } from '../../common/clock';
import { notFound } from '../../common/errors/domain-error';
import { escapeHtml } from '../../common/escape-html';
import { Env } from '../../config/env';
import { FilesService } from '../../files/files.service';
import type { Link } from '../../links/link.entity';
import { VisitsService } from '../../links/resolve/visits.service';
import { TextReadsService } from '../../texts/text-reads.service';
import { previewKindOf } from '../pages/file-preview';
import { fitInside } from '../pages/open-graph';

/** An oEmbed 1.0 answer (https://oembed.com). */
export class OEmbed {
  @ApiProperty({ enum: ['1.0'] }) version!: '1.0';
  @ApiProperty({ enum: ['photo', 'video', 'rich', 'link'] }) type!:
    'photo' | 'video' | 'rich' | 'link';
  @ApiProperty() title!: string;
  @ApiProperty({ example: 'Linkdrop' }) provider_name!: string;
  @ApiProperty() provider_url!: string;
  @ApiProperty({ description: 'Seconds a consumer may keep the answer' }) cache_age!: number;
  @ApiPropertyOptional({ description: 'photo: the picture (its 1280 px thumbnail)' }) url?: string;
  @ApiPropertyOptional({ description: 'video and rich: the markup to embed' }) html?: string;
  @ApiPropertyOptional() width?: number;
  @ApiPropertyOptional() height?: number;
  @ApiPropertyOptional() thumbnail_url?: string;
  @ApiPropertyOptional() thumbnail_width?: number;
  @ApiPropertyOptional() thumbnail_height?: number;
}

/** How large an embed is when the consumer sets no bound. */
const DEFAULT_WIDTH = 640;

/**
 * oEmbed for our shares: what a chat or a CMS shows of one. A share that must not show itself
 * (a password, read once, private, taken down, expired, `unfurl: false`) is not found, exactly
 * as an address that holds nothing: nothing of it leaks.
 */
@Injectable()
export class OEmbedService {
  constructor(
    private readonly visits: VisitsService,
    private readonly files: FilesService,
    private readonly texts: TextReadsService,
    private readonly bio: BioService,
    private readonly env: Env,
    private readonly clock: Clock,
  ) {}

  async answer(shareUrl: string, maxwidth?: number, maxheight?: number): Promise<OEmbed> {
    const link = await this.shareAt(shareUrl);
    const box = {
      width: maxwidth ?? DEFAULT_WIDTH,
      height: maxheight ?? maxwidth ?? DEFAULT_WIDTH,
    };
    const base = {
      version: '1.0' as const,
      title: link.title ?? '',
      provider_name: 'Linkdrop',
      provider_url: this.env.PUBLIC_URL,
      cache_age: 3600,
    };
    if (link.kind === 'file') return this.file(link, base, box);
    if (link.kind === 'text') {
      const read = await this.texts.read(link, 'look');
      if (read.type !== 'page' || read.view.excerpt === null) throw notFound('Link');
      const v = read.view;
      const html =
        `<blockquote class="linkdrop-embed"><pre>${escapeHtml(v.excerpt!)}</pre>` +
        `<p><a href="${escapeHtml(v.shortUrl)}">${escapeHtml(v.title || v.shortUrl)}</a></p></blockquote>`;
      return { ...base, type: 'rich', html, width: box.width, height: Math.min(box.height, 300) };
    }
    if (link.kind === 'bio') await this.bio.contentFor(link);
    return { ...base, type: 'link' };
  }

  private async file(
    link: Link,
    base: Omit<OEmbed, 'type'>,
    box: { width: number; height: number },
  ) {
    const file = await this.files.getByLink(link);
    if (file.isPrivate) throw notFound('Link');
    const title = base.title || file.filename;
    const thumbUrl = this.files.thumbUrlOf(file);
    const fit = (w: number, h: number) => {
      const s = Math.min(1, box.width / Math.max(w, 1), box.height / Math.max(h, 1));
      return { width: Math.round(w * s), height: Math.round(h * s) };
    };
    const thumb = thumbUrl
      ? { thumbnail_url: thumbUrl, ...prefixed(fitInside(file.width, file.height, 1280)) }
      : {};
    const kind = previewKindOf(file.mime);
    if (kind === 'image' && file.width && file.height) {
      const shown = fitInside(file.width, file.height, 1280);
      return {
        ...base,
        ...thumb,
        title,
        type: 'photo' as const,
        url: thumbUrl || this.files.urlOf(file),
        ...fit(shown.width, shown.height),
      };
    }
    if (kind === 'video') {
      const size = fit(file.width || 16 * 40, file.height || 9 * 40);
      const poster = thumbUrl ? ` poster="${escapeHtml(thumbUrl)}"` : '';
      const html = `<video src="${escapeHtml(this.files.urlOf(file))}" controls preload="metadata" width="${size.width}" height="${size.height}"${poster}></video>`;
      return { ...base, ...thumb, title, type: 'video' as const, html, ...size };
    }
    return { ...base, ...thumb, title, type: 'link' as const };
  }

  /** The share a URL names, if previews may show it. */
  private async shareAt(shareUrl: string): Promise<Link> {
    let url: URL;
    try {
      url = new URL(shareUrl);
    } catch {
      throw notFound('Link');
    }
    const [slug, ...rest] = url.pathname.slice(1).split('/');
    if (!slug || rest.length > 0) throw notFound('Link');
    const link = await this.visits.lookup(url.host, slug);
    const expired = link.expireAt !== null && link.expireAt.getTime() <= this.clock.now();
    if (!link.unfurl || link.passwordHash || link.blockedReason || expired) throw notFound('Link');
    return link;
  }
}

const prefixed = ({ width, height }: { width: number; height: number }) => ({
  thumbnail_width: width,
  thumbnail_height: height,
});
