import { Injectable } from '@nestjs/common';
import type { Response } from 'express';
import { FilesService } from '../files/files.service';
import { tk } from '../i18n/i18n';
import { wordsOf } from '../i18n/language-of';
import type { LinkDto } from '../links/dto/link.dto';
import { TagsService } from '../tags/tags.service';
import { formatBytes, formTime } from './format';
import { Pages, Viewer } from './pages';
import { typeLabelOf } from '../files/file-type-label';

/** The view model of a file's edit page: its link's fields, its privacy and its tags. */
@Injectable()
export class FileEditView {
  constructor(
    private readonly pages: Pages,
    private readonly files: FilesService,
    private readonly tags: TagsService,
  ) {}

  async render(viewer: Viewer, res: Response, link: LinkDto, data: object, status = 200) {
    const [file, tags] = await Promise.all([
      this.files.recordOfLink(link.id),
      this.tags.list(viewer.account!.id),
    ]);
    const form = {
      title: link.title ?? '',
      tags: link.tags.map((t) => t.name).join(', '),
      expire_at: formTime(link.expire_at),
      unfurl: link.unfurl,
      private: file.is_private,
    };
    const about = `${typeLabelOf(file.mime_type, wordsOf(res.req))} · ${formatBytes(file.size)}`;
    const view = { section: 'files' as const, link, file, about, form, tags, ...data };
    this.pages.send(res, 'file-edit', tk('Edit file'), viewer, view, status);
  }
}
