import { Controller, Get, Post, Res } from '@nestjs/common';
import type { Response } from 'express';
import { DomainError } from '../common/errors/domain-error';
import { CreateLinkDto } from '../links/dto/create-link.dto';
import { createInput } from '../links/dto/to-input';
import { LinksService } from '../links/links.service';
import { AccountArea } from './account-area.decorator';
import { CurrentViewer } from './current-session.decorator';
import { parseForm } from './form';
import { deletedNotice, deleteShares, justMade } from './share-lists';
import { PageForm, PageQuery } from './forms/page-query.decorator';
import { ShareListQuery } from './forms/share-list.query';
import { LinksPageView } from './links-page.view';
import type { Viewer } from './pages';
import { NewLinkForm, SelectedSharesForm } from './forms/share.forms';
import { wordsOf } from '../i18n/language-of';
import { TagsService } from '../tags/tags.service';

/** `/account/links`: the account's short links, searched, made and deleted in the browser. */
@AccountArea()
@Controller('account/links')
export class LinksPageController {
  constructor(
    private readonly view: LinksPageView,
    private readonly links: LinksService,
    private readonly tags: TagsService,
  ) {}

  @Get()
  async list(
    @CurrentViewer() viewer: Viewer,
    @PageQuery(ShareListQuery) query: ShareListQuery,
    @Res() res: Response,
  ): Promise<void> {
    const created = await justMade(this.links, viewer.account!.id, query.created, 'redirect');
    await this.view.render(viewer, res, { query, created });
  }

  /** The form of this page and the home page's shorten box. */
  @Post()
  async create(
    @CurrentViewer() viewer: Viewer,
    @PageForm(NewLinkForm) form: NewLinkForm,
    @Res() res: Response,
  ) {
    const expireAt = form.expire_at ? Date.parse(`${form.expire_at}Z`) / 1000 : undefined;
    const parsed = await parseForm(wordsOf(res.req), CreateLinkDto, {
      ...form,
      expire_at: expireAt,
      redirect_code: form.redirect_code ? Number(form.redirect_code) : undefined,
    });
    try {
      if (!parsed.dto) throw new DomainError(400, 'validation_failed', parsed.error);
      const input = createInput(parsed.dto);
      const link = await this.tags.withNamed(viewer.account!.id, form.tags, (tagIds) =>
        this.links.create(viewer.account!, { ...input, tagIds }),
      );
      res.redirect(303, `/account/links?created=${link.id}`);
    } catch (e) {
      if (!(e instanceof DomainError) || e.status >= 500) throw e;
      await this.view.render(viewer, res, { form, error: e.message }, e.status);
    }
  }

  /** Bulk delete: the checked links. */
  @Post('delete')
  async delete(
    @CurrentViewer() viewer: Viewer,
    @PageForm(SelectedSharesForm) form: SelectedSharesForm,
    @Res() res: Response,
  ) {
    const deleted = await deleteShares(this.links, viewer.account!.id, form.ids, 'redirect');
    await this.view.render(viewer, res, {
      notice: deletedNotice(deleted, 'link', wordsOf(res.req)),
    });
  }
}
