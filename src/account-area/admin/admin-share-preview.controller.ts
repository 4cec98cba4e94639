import { Controller, Get, Param, ParseIntPipe, Res, UseGuards } from '@nestjs/common';
import type { Response } from 'express';
import { SharePreviews } from '../../admin/share-preview';
import { AccountArea } from '../account-area.decorator';
import { CurrentViewer } from '../current-session.decorator';
import { formatBytes, KIND_LABELS } from '../format';
import { Pages, Viewer } from '../pages';
import { AdminGuard } from './admin.guard';
import { wordsOf } from '../../i18n/language-of';

/**
 * `/admin/shares/:id`: any share as an admin judges a report of it, read from the database:
 * no visit counted, no one-time text used up.
 */
// Listed first, applied last: AdminGuard runs after AccountArea's SessionGuard.
@UseGuards(AdminGuard)
@AccountArea()
@Controller('admin/shares')
export class AdminSharePreviewController {
  constructor(
    private readonly pages: Pages,
    private readonly previews: SharePreviews,
  ) {}

  @Get(':id')
  async preview(
    @CurrentViewer() viewer: Viewer,
    @Param('id', ParseIntPipe) id: number,
    @Res() res: Response,
  ): Promise<void> {
    const share = await this.previews.of(id);
    const size = share.kind === 'file' ? formatBytes(share.size) : '';
    const view = {
      section: 'admin' as const,
      share,
      size,
      formatBytes,
      kindLabel: wordsOf(res.req).t(KIND_LABELS[share.kind]),
    };
    this.pages.send(res, 'share-preview', `Share ${share.shortUrl}`, viewer, view);
  }
}
