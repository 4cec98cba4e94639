import { Injectable } from '@nestjs/common';
import type { Response } from 'express';
import { LinkDto } from '../links/dto/link.dto';
import { TagsService } from '../tags/tags.service';
import { formTime } from './format';
import { Pages, Viewer } from './pages';
import { tk } from '../i18n/i18n';

/** The view model of a link's edit page: its fields as the form shows them, and the tags. */
@Injectable()
export class LinkEditView {
  constructor(
    private readonly pages: Pages,
    private readonly tags: TagsService,
  ) {}

  async render(viewer: Viewer, res: Response, link: LinkDto, data: object, status = 200) {
    const form = {
      target_url: link.target_url ?? '',
      title: link.title ?? '',
      tags: link.tags.map((t) => t.name).join(', '),
      expire_at: formTime(link.expire_at),
      unfurl: link.unfurl,
      redirect_code: link.redirect_code,
    };
    const tags = await this.tags.list(viewer.account!.id);
    this.pages.send(
      res,
      'link-edit',
      tk('Edit link'),
      viewer,
      { section: 'links', link, form, tags, ...data },
      status,
    );
  }
}
