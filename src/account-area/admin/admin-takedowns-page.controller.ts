import { Controller, Get, Param, ParseIntPipe, Post, Res, UseGuards } from '@nestjs/common';
import type { Response } from 'express';
import { ModerationService } from '../../admin/moderation.service';
import { AccountArea } from '../account-area.decorator';
import { CurrentViewer } from '../current-session.decorator';
import { PageQuery } from '../forms/page-query.decorator';
import type { Viewer } from '../pages';
import { AdminPageQuery } from './admin-forms';
import { AdminGuard } from './admin.guard';
import { AdminTakedownsView } from './admin-takedowns.view';
import { wordsOf } from '../../i18n/language-of';

/** `/admin/takedowns`: every share taken down one by one, its reason, and a way back. */
// Listed first, applied last: AdminGuard runs after AccountArea's SessionGuard.
@UseGuards(AdminGuard)
@AccountArea()
@Controller('admin/takedowns')
export class AdminTakedownsPageController {
  constructor(
    private readonly view: AdminTakedownsView,
    private readonly moderation: ModerationService,
  ) {}

  @Get()
  list(
    @CurrentViewer() viewer: Viewer,
    @PageQuery(AdminPageQuery) query: AdminPageQuery,
    @Res() res: Response,
  ) {
    return this.view.render(viewer, res, query.page, {});
  }

  @Post(':id/restore')
  async restore(
    @CurrentViewer() viewer: Viewer,
    @Param('id', ParseIntPipe) id: number,
    @Res() res: Response,
  ): Promise<void> {
    await this.view.afterAction(viewer, res, async () =>
      wordsOf(res.req).t('Restored: {{url}} answers again', {
        url: await this.moderation.restore(id),
      }),
    );
  }
}
