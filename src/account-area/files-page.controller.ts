import { Controller, Get, Param, ParseIntPipe, Post, Res } from '@nestjs/common';
import type { Response } from 'express';
import { FilesService, HISTORY_PAGE_SIZE } from '../files/files.service';
import { PrivateFilesService } from '../files/private-files.service';
import { FILE_KINDS, FILE_SORTS } from '../files/files.repository';
import { LinksService } from '../links/links.service';
import { AccountArea } from './account-area.decorator';
import { CurrentViewer } from './current-session.decorator';
import { formatBytes } from './format';
import { deleteShares } from './share-lists';
import { PageForm, PageQuery } from './forms/page-query.decorator';
import { ShareListQuery } from './forms/share-list.query';
import { Pages, Viewer } from './pages';
import { PrivacyForm, SelectedSharesForm } from './forms/share.forms';

/** `/account/files`: uploads (by the page's script, through the API) and the account's files. */
@AccountArea()
@Controller('account/files')
export class FilesPageController {
  constructor(
    private readonly pages: Pages,
    private readonly files: FilesService,
    private readonly links: LinksService,
    private readonly privateFiles: PrivateFilesService,
  ) {}

  @Get()
  list(
    @CurrentViewer() viewer: Viewer,
    @PageQuery(ShareListQuery) query: ShareListQuery,
    @Res() res: Response,
  ) {
    return this.show(viewer, res, { query });
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
    const notice = `${file.filename} is ${makePrivate ? 'private' : 'public'} now`;
    await this.show(viewer, res, { notice });
  }

  @Post('delete')
  async delete(
    @CurrentViewer() viewer: Viewer,
    @PageForm(SelectedSharesForm) form: SelectedSharesForm,
    @Res() res: Response,
  ) {
    const deleted = await deleteShares(this.links, viewer.account!.id, form.ids, 'file');
    await this.show(viewer, res, { notice: `Deleted ${deleted} file${deleted === 1 ? '' : 's'}` });
  }

  private async show(
    viewer: Viewer,
    res: Response,
    { query = new ShareListQuery(), ...data }: { query?: ShareListQuery; notice?: string },
  ) {
    const account = viewer.account!;
    const { page, q } = query;
    const sort = FILE_SORTS.find((x) => x === query.sort) ?? 'newest';
    const kind = FILE_KINDS.find((x) => x === query.kind);
    const rows = await this.files.history(account.id, page, { q: q || undefined, sort, kind });
    this.pages.send(res, 'files', 'Files', viewer, {
      section: 'files',
      ...data,
      q,
      page,
      hasMore: rows.length === HISTORY_PAGE_SIZE,
      files: rows.map((f) => ({ ...f, sizeText: formatBytes(f.size) })),
      filter: { q, sort, kind: kind ?? '' },
      maxFileBytes: account.maxFileBytes,
      maxFile: formatBytes(account.maxFileBytes),
    });
  }
}
