import { Controller, Get, Res, UseGuards } from '@nestjs/common';
import type { Response } from 'express';
import { AccountArea } from './account-area.decorator';
import { ActivityPageView } from './activity-page.view';
import { AdminGuard } from './admin/admin.guard';
import { CurrentViewer } from './current-session.decorator';
import { ActivityQuery } from './forms/activity.query';
import { PageQuery } from './forms/page-query.decorator';
import { Viewer } from './pages';

/** `/account/activity`: what was done to the account's shares, keys and settings (the audit log). */
@AccountArea()
@Controller('account')
export class ActivityPageController {
  constructor(private readonly view: ActivityPageView) {}

  @Get('activity')
  page(
    @CurrentViewer() v: Viewer,
    @PageQuery(ActivityQuery) q: ActivityQuery,
    @Res() res: Response,
  ) {
    return this.view.render(v, res, q, false);
  }

  @Get('activity.csv')
  csv(
    @CurrentViewer() v: Viewer,
    @PageQuery(ActivityQuery) q: ActivityQuery,
    @Res() res: Response,
  ) {
    return this.view.csv(res, q, v.account!.id);
  }
}

/** `/admin/activity`: every account's. */
// Listed first, applied last: AdminGuard runs after AccountArea's SessionGuard.
@UseGuards(AdminGuard)
@AccountArea()
@Controller('admin')
export class AdminActivityPageController {
  constructor(private readonly view: ActivityPageView) {}

  @Get('activity')
  page(
    @CurrentViewer() v: Viewer,
    @PageQuery(ActivityQuery) q: ActivityQuery,
    @Res() res: Response,
  ) {
    return this.view.render(v, res, q, true);
  }

  @Get('activity.csv')
  csv(@PageQuery(ActivityQuery) q: ActivityQuery, @Res() res: Response) {
    return this.view.csv(res, q);
  }
}
