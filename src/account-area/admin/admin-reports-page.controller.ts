import { Controller, Get, Param, ParseIntPipe, Post, Res, UseGuards } from '@nestjs/common';
import type { Response } from 'express';
import { AbuseReportsService } from '../../admin/abuse-reports.service';
import { ModerationService } from '../../admin/moderation.service';
import { AccountArea } from '../account-area.decorator';
import { AdminGuard } from './admin.guard';
import { AdminPageQuery, ReasonForm } from './admin-forms';
import { CurrentViewer } from '../current-session.decorator';
import { PageForm, PageQuery } from '../forms/page-query.decorator';
import type { Viewer } from '../pages';
import { AdminReportsView } from './admin-reports.view';
import { tk } from '../../i18n/i18n';

/**
 * `/admin/reports`: reported shares, the most recently reported first, each with its count,
 * reasons and newest reports; an admin takes one down or dismisses all its reports.
 */
@UseGuards(AdminGuard)
@AccountArea()
@Controller('admin/reports')
export class AdminReportsPageController {
  constructor(
    private readonly view: AdminReportsView,
    private readonly reports: AbuseReportsService,
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

  @Post(':id/takedown')
  async takeDown(
    @CurrentViewer() viewer: Viewer,
    @Param('id', ParseIntPipe) id: number,
    @PageForm(ReasonForm) form: ReasonForm,
    @Res() res: Response,
  ): Promise<void> {
    await this.view.afterAction(viewer, res, async () => {
      const share = await this.reports.shareOf(id);
      await this.moderation.takeDown(share.linkId, form.reason ?? share.reason);
      return tk('Taken down; its reports are closed');
    });
  }

  @Post(':id/dismiss')
  async dismiss(
    @CurrentViewer() viewer: Viewer,
    @Param('id', ParseIntPipe) id: number,
    @Res() res: Response,
  ): Promise<void> {
    await this.view.afterAction(viewer, res, async () => {
      await this.moderation.dismissReports((await this.reports.shareOf(id)).linkId);
      return tk('Reports dismissed');
    });
  }
}
