import { Controller, Get, Param, ParseIntPipe, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { pipeline } from 'node:stream/promises';
import { StatsQuery } from '../analytics/stats/dto/stats.query';
import { StatsService } from '../analytics/stats/stats.service';
import { visitsCsv } from '../analytics/stats/visits-csv';
import { LinksService } from '../links/links.service';
import { AccountArea } from './account-area.decorator';
import { CurrentViewer } from './current-session.decorator';
import { filled, parseForm } from './form';
import { Pages, Viewer } from './pages';

const DAY = 86_400;
const ZONES = [
  'UTC',
  'Europe/London',
  'Europe/Berlin',
  'America/New_York',
  'America/Los_Angeles',
  'Asia/Kolkata',
  'Asia/Shanghai',
  'Asia/Tokyo',
  'Australia/Sydney',
];
const TOPS = [
  ['referrers', 'Referrers'],
  ['countries', 'Countries'],
  ['browsers', 'Browsers'],
  ['os', 'Operating systems'],
  ['devices', 'Devices'],
  ['languages', 'Languages'],
];

const day = (unix: number) => new Date(unix * 1000).toISOString().slice(0, 10);

/** `/account/analytics`: the account's visits, or one share's, in any range and zone. */
@AccountArea()
@Controller('account/analytics')
export class AnalyticsPageController {
  constructor(
    private readonly pages: Pages,
    private readonly stats: StatsService,
    private readonly links: LinksService,
  ) {}

  @Get()
  account(@CurrentViewer() viewer: Viewer, @Query() query: unknown, @Res() res: Response) {
    return this.show(viewer, res, query, null);
  }

  @Get(':id')
  share(
    @CurrentViewer() viewer: Viewer,
    @Param('id', ParseIntPipe) id: number,
    @Query() query: unknown,
    @Res() res: Response,
  ) {
    return this.show(viewer, res, query, id);
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

  private async show(viewer: Viewer, res: Response, query: unknown, linkId: number | null) {
    const accountId = viewer.account!.id;
    const f = filled(query, ['from', 'to', 'interval', 'tz', 'bots']);
    const now = Math.floor(Date.now() / 1000);
    const to = f.to ? Date.parse(`${f.to}T23:59:59Z`) / 1000 : now;
    const from = f.from ? Date.parse(`${f.from}T00:00:00Z`) / 1000 : to - 30 * DAY + 1;
    const parsed = await parseForm(StatsQuery, { ...f, from, to });
    const form = {
      from: day(Number.isFinite(from) ? from : now),
      to: day(Number.isFinite(to) ? to : now),
      interval: f.interval ?? 'day',
      tz: f.tz ?? 'UTC',
      bots: f.bots ?? 'exclude',
    };
    const link = linkId === null ? null : await this.links.get(accountId, { id: linkId });
    const base = {
      section: 'analytics' as const,
      form,
      zones: ZONES,
      action: link ? `/account/analytics/${link.id}` : '/account/analytics',
    };
    const heading = link ? `Visits of ${link.short_url}` : 'Visits of all your shares';
    if (!parsed.dto || from > to) {
      const error = parsed.error ?? 'The range ends before it begins';
      return this.pages.send(
        res,
        'analytics',
        'Analytics',
        viewer,
        { ...base, heading, error, stats: null },
        400,
      );
    }
    const stats = link
      ? await this.stats.linkStats(accountId, link.id, parsed.dto)
      : await this.stats.accountStats(accountId, parsed.dto);
    const series = {
      label: 'Visits',
      labels: stats.series.map((p) =>
        new Date(p.t * 1000)
          .toISOString()
          .slice(0, form.interval === 'hour' ? 16 : 10)
          .replace('T', ' '),
      ),
      values: stats.series.map((p) => p.visits),
    };
    const tops = link ? TOPS : [['shares', 'Most visited shares'], ...TOPS];
    this.pages.send(res, 'analytics', 'Analytics', viewer, {
      ...base,
      heading,
      charts: true,
      stats,
      tops,
      seriesJson: JSON.stringify(series).replace(/</g, '\\u003c'),
      csvUrl: link ? `/account/analytics/${link.id}/visits.csv` : null,
    });
  }
}
