import { Controller, Get, Post, Res } from '@nestjs/common';
import type { Response } from 'express';
import { CreateBioDto } from '../bio/bio.dto';
import { BioService } from '../bio/bio.service';
import { DomainError } from '../common/errors/domain-error';
import { wordsOf } from '../i18n/language-of';
import { LinksService } from '../links/links.service';
import { AccountArea } from './account-area.decorator';
import { BioPagesView, rowsOf } from './bio-pages.view';
import { CurrentViewer } from './current-session.decorator';
import { parseForm } from './form';
import { BioForm, bioLinksOf } from './forms/bio.form';
import { PageForm, PageQuery } from './forms/page-query.decorator';
import { ShareListQuery } from './forms/share-list.query';
import { SelectedSharesForm } from './forms/share.forms';
import type { Viewer } from './pages';
import { deletedNotice, deleteShares } from './share-lists';

/** `/account/bio`: link-in-bio pages listed, made and deleted in the browser. */
@AccountArea()
@Controller('account/bio')
export class BioPagesController {
  constructor(
    private readonly view: BioPagesView,
    private readonly bio: BioService,
    private readonly links: LinksService,
  ) {}

  @Get()
  list(
    @CurrentViewer() viewer: Viewer,
    @PageQuery(ShareListQuery) query: ShareListQuery,
    @Res() res: Response,
  ) {
    return this.view.list(viewer, res, query.page);
  }

  @Post()
  async create(
    @CurrentViewer() viewer: Viewer,
    @PageForm(BioForm) form: BioForm,
    @Res() res: Response,
  ) {
    const links = bioLinksOf(form);
    const parsed = await parseForm(wordsOf(res.req), CreateBioDto, {
      ...form,
      custom_links: links.length ? links : undefined,
    });
    try {
      if (!parsed.dto) throw new DomainError(400, 'validation_failed', parsed.error);
      const made = await this.bio.create(viewer.account!, parsed.dto);
      res.redirect(303, `/account/bio/${made.bio_page_id}/edit?created=1`);
    } catch (e) {
      if (!(e instanceof DomainError) || e.status >= 500) throw e;
      const again = { form: { ...form, links }, rows: rowsOf(links) };
      await this.view.list(viewer, res, 1, { ...again, error: e.message }, e.status);
    }
  }

  /** Bulk delete: the checked pages. */
  @Post('delete')
  async delete(
    @CurrentViewer() viewer: Viewer,
    @PageForm(SelectedSharesForm) form: SelectedSharesForm,
    @Res() res: Response,
  ) {
    const deleted = await deleteShares(this.links, viewer.account!.id, form.ids, 'bio');
    const notice = deletedNotice(deleted, 'bio', wordsOf(res.req));
    await this.view.list(viewer, res, 1, { notice });
  }
}
