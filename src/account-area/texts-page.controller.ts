import { Controller, Get, Post, Res } from '@nestjs/common';
import type { Response } from 'express';
import { DomainError } from '../common/errors/domain-error';
import { CreateTextDto } from '../texts/dto/create-text.dto';
import { TextsService } from '../texts/texts.service';
import { LinksService } from '../links/links.service';
import { AccountArea } from './account-area.decorator';
import { CurrentViewer } from './current-session.decorator';
import { deletedNotice, deleteShares, justMade } from './share-lists';
import { parseForm } from './form';
import { PageForm, PageQuery } from './forms/page-query.decorator';
import { ShareListQuery } from './forms/share-list.query';
import type { Viewer } from './pages';
import { TextsPageView } from './texts-page.view';
import { SelectedSharesForm, TextForm, noText } from './forms/share.forms';
import { wordsOf } from '../i18n/language-of';
import { TagsService } from '../tags/tags.service';

/** `/account/texts`: text shares (plain, code, Markdown) made, listed and deleted. */
@AccountArea()
@Controller('account/texts')
export class TextsPageController {
  constructor(
    private readonly view: TextsPageView,
    private readonly texts: TextsService,
    private readonly links: LinksService,
    private readonly tags: TagsService,
  ) {}

  @Get()
  async list(
    @CurrentViewer() viewer: Viewer,
    @PageQuery(ShareListQuery) query: ShareListQuery,
    @Res() res: Response,
  ): Promise<void> {
    const created = await justMade(this.links, viewer.account!.id, query.created, 'text');
    await this.view.render(viewer, res, { query, created });
  }

  @Post()
  async create(
    @CurrentViewer() viewer: Viewer,
    @PageForm(TextForm) form: TextForm,
    @Res() res: Response,
  ) {
    const { content, burn_after_read, remove_password, ...fields } = form;
    const burn = burn_after_read === '1';
    const parsed = await parseForm(wordsOf(res.req), CreateTextDto, {
      ...fields,
      content,
      burn_after_read: burn || undefined,
      expire_at: fields.expire_at ? Date.parse(`${fields.expire_at}Z`) / 1000 : undefined,
    });
    try {
      if (!parsed.dto) throw new DomainError(400, 'validation_failed', parsed.error);
      if (content.trim() === '') throw noText();
      const { id } = await this.tags.withNamed(viewer.account!.id, form.tags, (tag_ids) =>
        this.texts.create(viewer.account!, { ...parsed.dto, tag_ids }),
      );
      res.redirect(303, `/account/texts?created=${id}`);
    } catch (e) {
      if (!(e instanceof DomainError) || e.status >= 500) throw e;
      const again = { ...fields, content, burn_after_read: burn };
      await this.view.render(viewer, res, { form: again, error: e.message }, e.status);
    }
  }

  @Post('delete')
  async delete(
    @CurrentViewer() viewer: Viewer,
    @PageForm(SelectedSharesForm) form: SelectedSharesForm,
    @Res() res: Response,
  ) {
    const deleted = await deleteShares(this.links, viewer.account!.id, form.ids, 'text');
    const notice = deletedNotice(deleted, 'text', wordsOf(res.req));
    await this.view.render(viewer, res, { notice });
  }
}
