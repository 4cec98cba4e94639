import { Controller, Get, Res, UseGuards } from '@nestjs/common';
import type { Response } from 'express';
import { pipeline } from 'node:stream/promises';
import { AuditLogService } from '../events/audit/audit-log.service';
import { AccountArea } from './account-area.decorator';
import { ActivityPageView } from './activity-page.view';
import { AdminGuard } from './admin/admin.guard';
import { CurrentViewer } from './current-session.decorator';
import { ActivityQuery, activityFilter } from './forms/activity.query';
import { PageQuery } from './forms/page-query.decorator';
import { Viewer } from './pages';

const csvHeaders = (name: string) => ({
  'Content-Type': 'text/csv; charset=utf-8',
  'Content-Disposition': `attachment; filename="${name}"`,
  'Cache-Control': 'no-store',
});

/** `/account/activity`: what was done to the account's shares, keys and settings (the audit log). */
@AccountArea()
@Controller('account')
export class ActivityPageController {
  constructor(
    private readonly view: ActivityPageView,
    private readonly audit: AuditLogService,
  ) {}

  @Get('activity')
  page(
    @CurrentViewer() v: Viewer,
    @PageQuery(ActivityQuery) q: ActivityQuery,
    @Res() res: Response,
  ) {
    return this.view.render(v, res, q, false);
  }

  @Get('activity.csv')
  async csv(
    @CurrentViewer() v: Viewer,
    @PageQuery(ActivityQuery) q: ActivityQuery,
    @Res() res: Response,
  ) {
    res.status(200).set(csvHeaders('activity.csv'));
    await pipeline(this.audit.csv({ ...activityFilter(q), accountId: v.account!.id }), res);
  }
}

/** `/admin/activity`: every account's. */
// Listed first, applied last: AdminGuard runs after AccountArea's SessionGuard.
@UseGuards(AdminGuard)
@AccountArea()
@Controller('admin')
export class AdminActivityPageController {
  constructor(
    private readonly view: ActivityPageView,
    private readonly audit: AuditLogService,
  ) {}

  @Get('activity')
  page(
    @CurrentViewer() v: Viewer,
    @PageQuery(ActivityQuery) q: ActivityQuery,
    @Res() res: Response,
  ) {
    return this.view.render(v, res, q, true);
  }

  @Get('activity.csv')
  async csv(@PageQuery(ActivityQuery) q: ActivityQuery, @Res() res: Response) {
    res.status(200).set(csvHeaders('activity-all.csv'));
    await pipeline(this.audit.csv(activityFilter(q)), res);
  }
}
