import { Body, Controller, Get, Post, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { FilesService, HISTORY_PAGE_SIZE } from '../files/files.service';
import { LinksService } from '../links/links.service';
import { AccountArea } from './account-area.decorator';
import { CurrentViewer } from './current-session.decorator';
import { formatBytes } from './format';
import { deleteShares } from './delete-shares';
import { Pages, Viewer } from './pages';

/** `/account/files`: uploads (by the page's script, through the API) and the account's files. */
@AccountArea()
@Controller('account/files')
export class FilesPageController {
  constructor(
    private readonly pages: Pages,
    private readonly files: FilesService,
    private readonly links: LinksService,
  ) {}

  @Get()
  list(@CurrentViewer() viewer: Viewer, @Query('page') page: unknown, @Res() res: Response) {
    return this.show(viewer, res, { page });
  }

  @Post('delete')
  async delete(@CurrentViewer() viewer: Viewer, @Body() body: unknown, @Res() res: Response) {
    const deleted = await deleteShares(this.links, viewer.account!.id, body, 'file');
    await this.show(viewer, res, { notice: `Deleted ${deleted} file${deleted === 1 ? '' : 's'}` });
  }

  private async show(viewer: Viewer, res: Response, data: Record<string, unknown>) {
    const account = viewer.account!;
    const page = Math.max(1, Math.min(10_000, Number(data.page) || 1));
    const rows = await this.files.history(account.id, page);
    this.pages.send(res, 'files', 'Files', viewer, {
      section: 'files',
      ...data,
      page,
      hasMore: rows.length === HISTORY_PAGE_SIZE,
      files: rows.map((f) => ({ ...f, sizeText: formatBytes(f.size) })),
      maxFileBytes: account.maxFileBytes,
      maxFile: formatBytes(account.maxFileBytes),
    });
  }
}
