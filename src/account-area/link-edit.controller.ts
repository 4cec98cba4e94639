import { Controller, Get, Param, ParseIntPipe, Post, Res } from '@nestjs/common';
import type { Response } from 'express';
import { DomainError } from '../common/errors/domain-error';
import { updateInput } from '../links/dto/to-input';
import { UpdateLinkDto } from '../links/dto/update-link.dto';
import { LinksService } from '../links/links.service';
import { AccountArea } from './account-area.decorator';
import { CurrentViewer } from './current-session.decorator';
import { parseForm } from './form';
import { LinkEditForm, utmOf } from './forms/link-edit.form';
import { PageForm } from './forms/page-query.decorator';
import { LinkEditView } from './link-edit.view';
import type { Viewer } from './pages';
import { wordsOf } from '../i18n/language-of';
import { tk } from '../i18n/i18n';
import { TagsService } from '../tags/tags.service';

/** `/account/links/:id/edit`: a link's address stays; everything else may change. */
@AccountArea()
@Controller('account/links/:id/edit')
export class LinkEditController {
  constructor(
    private readonly view: LinkEditView,
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
    // Back from a change of its rules or split.
    const saved = (res.req.query as Record<string, unknown>).saved === '1';
    await this.view.render(viewer, res, link, { notice: saved ? tk('Saved') : null });
  }

  @Post()
  async save(
    @CurrentViewer() viewer: Viewer,
    @Param('id', ParseIntPipe) id: number,
    @PageForm(LinkEditForm) form: LinkEditForm,
    @Res() res: Response,
  ): Promise<void> {
    const accountId = viewer.account!.id;
    const link = await this.links.get(accountId, { id }, 'redirect');
    const parsed = await parseForm(wordsOf(res.req), UpdateLinkDto, {
      target_url: form.target_url,
      // An emptied field clears it.
      title: form.title ?? null,
      password: form.remove_password === '1' ? null : form.password,
      expire_at: form.expire_at ? Date.parse(`${form.expire_at}Z`) / 1000 : null,
      unfurl: form.unfurl === '1',
      redirect_code: form.redirect_code ? Number(form.redirect_code) : undefined,
      forward_query: form.forward_query === '1',
      visitor_query_wins: form.visitor_query_wins === '1',
      utm: utmOf(form),
      max_visits: form.max_visits ? Number(form.max_visits) : null,
      watch_target: form.watch_target === '1',
      fallback_url: form.fallback_url ?? null,
    });
    try {
      if (!parsed.dto) throw new DomainError(400, 'validation_failed', parsed.error);
      const input = updateInput(parsed.dto);
      await this.tags.withNamed(accountId, form.tags, (tagIds) =>
        this.links.update(accountId, { id }, { ...input, tagIds }, 'redirect'),
      );
      res.redirect(303, `/account/links?updated=${id}`);
    } catch (e) {
      if (!(e instanceof DomainError) || e.status >= 500) throw e;
      await this.view.render(viewer, res, link, { error: e.message }, e.status);
    }
  }
}
