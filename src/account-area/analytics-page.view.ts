import { Injectable } from '@nestjs/common';
import type { Response } from 'express';
import { StatsQuery } from '../analytics/stats/dto/stats.query';
import { StatsService } from '../analytics/stats/stats.service';
import { LinksService } from '../links/links.service';
import { parseForm } from './form';
import { jsonIsland } from './format';
import { AnalyticsPageQuery } from './forms/analytics-page.query';
import { Pages, Viewer } from './pages';
import { tk } from '../i18n/i18n';
import { wordsOf } from '../i18n/language-of';

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
  ['referrers', tk('Referrers')],
  ['countries', tk('Countries')],
  ['browsers', tk('Browsers')],
  ['os', tk('Operating systems')],
  ['devices', tk('Devices')],
  ['languages', tk('Languages')],
  // Shown only when some visit has one.
  ['variants', tk('A/B variants'), 'optional'],
  ['utm_sources', tk('UTM sources'), 'optional'],
  ['utm_mediums', tk('UTM mediums'), 'optional'],
  ['utm_campaigns', tk('UTM campaigns'), 'optional'],
];

/** The quick ranges, in days back from now. */
export const QUICK_RANGES = { '24h': 1, '7d': 7, '30d': 30, '90d': 90 } as const;
type QuickRange = keyof typeof QUICK_RANGES;
const isQuick = (r: unknown): r is QuickRange => Object.hasOwn(QUICK_RANGES, String(r));

/** An interval giving a chart of a readable number of points over `span` seconds. */
export const fittedInterval = (span: number) =>
  span <= 2 * DAY ? 'hour' : span <= 92 * DAY ? 'day' : span <= 366 * DAY ? 'week' : 'month';

/** A country's name in the page's language, from its ISO code (the code when it has none). */
const countryNamesIn = (lang: string) => {
  const names = new Intl.DisplayNames([lang], { type: 'region', fallback: 'code' });
  return (code: string) => {
    try {
      return names.of(code) ?? code;
    } catch {
      return code;
    }
  };
};

const day = (unix: number) => new Date(unix * 1000).toISOString().slice(0, 10);

/**
 * The view model of `/account/analytics` (the account's visits) and `/account/analytics/:id`
 * (one share's): the range and zone asked for, checked by the API's own rules, and the stats.
 */
@Injectable()
export class AnalyticsPageView {
  constructor(
    private readonly pages: Pages,
    private readonly stats: StatsService,
    private readonly links: LinksService,
  ) {}

  async render(viewer: Viewer, res: Response, f: AnalyticsPageQuery, linkId: number | null) {
    const accountId = viewer.account!.id;
    const now = Math.floor(Date.now() / 1000);
    // No range, no days: the last 30 days.
    const range = isQuick(f.range) ? f.range : f.from || f.to ? null : '30d';
    const to = range || !f.to ? now : Date.parse(`${f.to}T23:59:59Z`) / 1000;
    const from = range
      ? now - QUICK_RANGES[range] * DAY + 1
      : f.from
        ? Date.parse(`${f.from}T00:00:00Z`) / 1000
        : to - 30 * DAY + 1;
    const interval = f.interval ?? fittedInterval(to - from);
    const w = wordsOf(res.req);
    const parsed = await parseForm(w, StatsQuery, { ...f, interval, from, to });
    const form = {
      range,
      from: day(Number.isFinite(from) ? from : now),
      to: day(Number.isFinite(to) ? to : now),
      interval,
      fitted: !f.interval,
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
    const heading = link
      ? w.t('Visits of {{url}}', { url: link.short_url })
      : w.t('Visits of all your shares');
    if (!parsed.dto || from > to) {
      const error = parsed.error ?? w.t('The range ends before it begins');
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
      label: w.t('Visits'),
      labels: stats.series.map((p) =>
        new Date(p.t * 1000)
          .toISOString()
          .slice(0, form.interval === 'hour' ? 16 : 10)
          .replace('T', ' '),
      ),
      values: stats.series.map((p) => p.visits),
    };
    const tops = (link ? TOPS : [['shares', tk('Most visited shares')], ...TOPS]).map(
      ([key, label, optional]) => [key, w.t(label), optional],
    );
    this.pages.send(res, 'analytics', 'Analytics', viewer, {
      ...base,
      heading,
      charts: true,
      stats,
      tops,
      seriesJson: jsonIsland(series),
      countryName: countryNamesIn(w.lang),
      countriesJson: jsonIsland({ values: stats.by_country, visits: w.t('Visits') }),
      csvUrl: link ? `/account/analytics/${link.id}/visits.csv` : null,
    });
  }
}
