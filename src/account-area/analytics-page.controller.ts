import { Controller, Get, Param, ParseIntPipe, Res } from '@nestjs/common';
import type { Response } from 'express';
import { pipeline } from 'node:stream/promises';
import { StatsService } from '../analytics/stats/stats.service';
import { visitsCsv } from '../analytics/stats/visits-csv';
import { AccountArea } from './account-area.decorator';
import { CurrentViewer } from './current-session.decorator';
import { AnalyticsPageView } from './analytics-page.view';
import { AnalyticsPageQuery } from './forms/analytics-page.query';
import { PageQuery } from './forms/page-query.decorator';
import type { Viewer } from './pages';

/** `/account/analytics`: the account's visits, or one share's, in any range and zone. */
@AccountArea()
@Controller('account/analytics')
export class AnalyticsPageController {
  constructor(
    private readonly view: AnalyticsPageView,
    private readonly stats: StatsService,
  ) {}

  @Get()
  account(
    @CurrentViewer() viewer: Viewer,
    @PageQuery(AnalyticsPageQuery) query: AnalyticsPageQuery,
    @Res() res: Response,
  ) {
    return this.view.render(viewer, res, query, null);
  }

  @Get(':id')
  share(
    @CurrentViewer() viewer: Viewer,
    @Param('id', ParseIntPipe) id: number,
    @PageQuery(AnalyticsPageQuery) query: AnalyticsPageQuery,
    @Res() res: Response,
  ) {
    return this.view.render(viewer, res, query, id);
  }

  /** Every visit of the share, streamed a page at a time. */
  @Get(':id/visits.csv')
  async csv(
    @CurrentViewer() viewer: Viewer,
    @Param('id', ParseIntPipe) id: number,
    @Res() res: Response,
  ) {
    const pages = await this.stats.visitLogPages(viewer.account!.id, id);
    res.status(200).set({
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="visits-${id}.csv"`,
      'Cache-Control': 'no-store',
    });
    await pipeline(visitsCsv(pages), res);
  }
}
