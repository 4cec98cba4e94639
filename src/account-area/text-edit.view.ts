import { Injectable } from '@nestjs/common';
import type { Response } from 'express';
import { tk } from '../i18n/i18n';
import { LinksService } from '../links/links.service';
import { TagsService } from '../tags/tags.service';
import type { TextDto } from '../texts/dto/text.dto';
import { formTime } from './format';
import { Pages, Viewer } from './pages';

/** The view model of a text's edit page: its fields as the form shows them, and its tags. */
@Injectable()
export class TextEditView {
  constructor(
    private readonly pages: Pages,
    private readonly links: LinksService,
    private readonly tags: TagsService,
  ) {}

  async render(viewer: Viewer, res: Response, text: TextDto, data: object, status = 200) {
    const accountId = viewer.account!.id;
    const [share, tags] = await Promise.all([
      this.links.get(accountId, { id: text.id }, 'text'),
      this.tags.list(accountId),
    ]);
    const form = {
      title: text.title ?? '',
      text_type: text.text_type,
      language: text.language ?? '',
      content: text.content ?? '',
      tags: share.tags.map((t) => t.name).join(', '),
      expire_at: formTime(text.expire_at),
      unfurl: text.unfurl,
    };
    const view = { section: 'texts' as const, text, form, tags, ...data };
    this.pages.send(res, 'text-edit', tk('Edit text'), viewer, view, status);
  }
}
