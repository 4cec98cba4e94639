import { Controller, Get, Param, ParseIntPipe, Post, Res, UseGuards } from '@nestjs/common';
import type { Response } from 'express';
import { AbuseReportsService, SHARES_PER_PAGE } from '../../admin/abuse-reports.service';
import { ModerationService } from '../../admin/moderation.service';
import { AccountArea } from '../account-area.decorator';
import { AdminGuard } from './admin.guard';
import { AdminReportsQuery, ReasonForm } from './admin-forms';
import { CurrentViewer } from '../current-session.decorator';
import { formOutcome } from '../forms/form-outcome';
import { PageForm, PageQuery } from '../forms/page-query.decorator';
import { formatTime } from '../format';
import { Pages, Viewer } from '../pages';

/**
 * `/admin/reports`: reported shares, the most recently reported first, each with its count,
 * reasons and newest reports; an admin takes one down or dismisses all its reports.
 */
@UseGuards(AdminGuard)
@AccountArea()
@Controller('admin/reports')
export class AdminReportsPageController {
  constructor(
    private readonly pages: Pages,
    private readonly reports: AbuseReportsService,
    private readonly moderation: ModerationService,
  ) {}

  @Get()
  list(
    @CurrentViewer() viewer: Viewer,
    @PageQuery(AdminReportsQuery) query: AdminReportsQuery,
    @Res() res: Response,
  ) {
    return this.show(viewer, res, query.page, {});
  }

  @Post(':id/takedown')
  async takeDown(
    @CurrentViewer() viewer: Viewer,
    @Param('id', ParseIntPipe) id: number,
    @PageForm(ReasonForm) form: ReasonForm,
    @Res() res: Response,
  ): Promise<void> {
    await this.act(viewer, res, async () => {
      const share = await this.reports.shareOf(id);
      await this.moderation.takeDown(share.linkId, form.reason ?? share.reason);
      return 'Taken down; its reports are closed';
    });
  }

  @Post(':id/dismiss')
  async dismiss(
    @CurrentViewer() viewer: Viewer,
    @Param('id', ParseIntPipe) id: number,
    @Res() res: Response,
  ): Promise<void> {
    await this.act(viewer, res, async () => {
      await this.moderation.dismissReports((await this.reports.shareOf(id)).linkId);
      return 'Reports dismissed';
    });
  }

  private async act(viewer: Viewer, res: Response, work: () => Promise<string>) {
    const out = await formOutcome(work);
    if (out.error) return this.show(viewer, res, 1, { error: out.error.message }, out.error.status);
    await this.show(viewer, res, 1, { notice: out.ok });
  }

  private async show(viewer: Viewer, res: Response, page: number, data: object, status = 200) {
    const totals = await this.reports.totals();
    const shares = (await this.reports.reportedShares(page)).map((s) => ({
      ...s,
      first: formatTime(s.firstAt),
      last: formatTime(s.lastAt),
      latest: s.latest.map((r) => ({ ...r, created: formatTime(r.createdAt) })),
    }));
    const pages = Math.max(1, Math.ceil(totals.shares / SHARES_PER_PAGE));
    const view = { section: 'admin' as const, shares, totals, page, pages, ...data };
    this.pages.send(res, 'reports', 'Reports of abuse', viewer, view, status);
  }
}
