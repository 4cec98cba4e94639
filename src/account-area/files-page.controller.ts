import { Controller, Get, Param, ParseIntPipe, Post, Res } from '@nestjs/common';
import type { Response } from 'express';
import { PrivateFilesService } from '../files/private-files.service';
import { LinksService } from '../links/links.service';
import { AccountArea } from './account-area.decorator';
import { CurrentViewer } from './current-session.decorator';
import { deletedNotice, deleteShares } from './share-lists';
import { PageForm, PageQuery } from './forms/page-query.decorator';
import { ShareListQuery } from './forms/share-list.query';
import { FilesPageView } from './files-page.view';
import type { Viewer } from './pages';
import { PrivacyForm, SelectedSharesForm } from './forms/share.forms';
import { wordsOf } from '../i18n/language-of';
import { tk } from '../i18n/i18n';

/** `/account/files`: uploads (by the page's script, through the API) and the account's files. */
@AccountArea()
@Controller('account/files')
export class FilesPageController {
  constructor(
    private readonly view: FilesPageView,
    private readonly links: LinksService,
    private readonly privateFiles: PrivateFilesService,
  ) {}

  @Get()
  list(
    @CurrentViewer() viewer: Viewer,
    @PageQuery(ShareListQuery) query: ShareListQuery,
    @Res() res: Response,
  ) {
    return this.view.render(viewer, res, { query });
  }

  /** A private file's bytes are served only through signed addresses. */
  @Post(':id/privacy')
  async privacy(
    @CurrentViewer() viewer: Viewer,
    @Param('id', ParseIntPipe) id: number,
    @PageForm(PrivacyForm) form: PrivacyForm,
    @Res() res: Response,
  ): Promise<void> {
    const makePrivate = form.private === '1';
    const file = await this.privateFiles.setPrivate(viewer.account!.id, id, makePrivate);
    const said = makePrivate ? tk('{{name}} is private now') : tk('{{name}} is public now');
    const notice = wordsOf(res.req).t(said, { name: file.filename });
    await this.view.render(viewer, res, { notice });
  }

  @Post('delete')
  async delete(
    @CurrentViewer() viewer: Viewer,
    @PageForm(SelectedSharesForm) form: SelectedSharesForm,
    @Res() res: Response,
  ) {
    const deleted = await deleteShares(this.links, viewer.account!.id, form.ids, 'file');
    await this.view.render(viewer, res, {
      notice: deletedNotice(deleted, 'file', wordsOf(res.req)),
    });
  }
}
