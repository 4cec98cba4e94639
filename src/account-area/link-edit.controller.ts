import { Body, Controller, Get, Param, ParseIntPipe, Post, Res } from '@nestjs/common';
import type { Response } from 'express';
import { DomainError } from '../common/errors/domain-error';
import { updateInput } from '../links/dto/to-input';
import { UpdateLinkDto } from '../links/dto/update-link.dto';
import { LinkDto } from '../links/dto/link.dto';
import { LinksService } from '../links/links.service';
import { TagsService } from '../tags/tags.service';
import { AccountArea } from './account-area.decorator';
import { CurrentViewer } from './current-session.decorator';
import { filled, parseForm } from './form';
import { Pages, Viewer } from './pages';

const localTime = (unix: number | null) =>
  unix === null ? '' : new Date(unix * 1000).toISOString().slice(0, 16);

/** `/account/links/:id/edit`: a link's address stays; everything else may change. */
@AccountArea()
@Controller('account/links/:id/edit')
export class LinkEditController {
  constructor(
    private readonly pages: Pages,
    private readonly links: LinksService,
    private readonly tags: TagsService,
  ) {}

  @Get()
  async page(
    @CurrentViewer() viewer: Viewer,
    @Param('id', ParseIntPipe) id: number,
    @Res() res: Response,
  ): Promise<void> {
    const link = await this.links.get(viewer.account!.id, { id }, 'redirect');
    await this.show(viewer, res, link, {});
  }

  @Post()
  async save(
    @CurrentViewer() viewer: Viewer,
    @Param('id', ParseIntPipe) id: number,
    @Body() body: unknown,
    @Res() res: Response,
  ): Promise<void> {
    const accountId = viewer.account!.id;
    const link = await this.links.get(accountId, { id }, 'redirect');
    const form = filled(body, ['target_url', 'title', 'password', 'expire_at', 'redirect_code']);
    const raw = (body ?? {}) as { tag_ids?: unknown; remove_password?: unknown };
    const tagIds = [raw.tag_ids ?? []].flat().map(Number);
    const parsed = await parseForm(UpdateLinkDto, {
      target_url: form.target_url,
      // An emptied field clears it.
      title: form.title ?? null,
      tag_ids: tagIds,
      password: raw.remove_password === '1' ? null : form.password,
      expire_at: form.expire_at ? Date.parse(`${form.expire_at}Z`) / 1000 : null,
      redirect_code: form.redirect_code ? Number(form.redirect_code) : undefined,
    });
    try {
      if (!parsed.dto) throw new DomainError(400, 'validation_failed', parsed.error);
      await this.links.update(accountId, { id }, updateInput(parsed.dto), 'redirect');
      res.redirect(303, `/account/links?updated=${id}`);
    } catch (e) {
      if (!(e instanceof DomainError) || e.status >= 500) throw e;
      await this.show(viewer, res, link, { error: e.message }, e.status);
    }
  }

  private async show(viewer: Viewer, res: Response, link: LinkDto, data: object, status = 200) {
    const form = {
      target_url: link.target_url ?? '',
      title: link.title ?? '',
      tag_ids: link.tags.map((t) => t.id),
      expire_at: localTime(link.expire_at),
      redirect_code: link.redirect_code,
    };
    const tags = await this.tags.list(viewer.account!.id);
    this.pages.send(
      res,
      'link-edit',
      'Edit link',
      viewer,
      { section: 'links', link, form, tags, ...data },
      status,
    );
  }
}
