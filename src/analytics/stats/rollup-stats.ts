import { Injectable } from '@nestjs/common';
import {
  DAY_SECONDS,
  DimCounts,
  Dimension,
  DIMENSIONS,
  OTHER,
  SHARE,
  SLOT_SECONDS,
} from '../rollups/rollup';
import type { Scope, SeriesRow } from '../rollups/visit-rollups.repository';
import { VisitReads } from '../visit-reads';
import type { Bots } from './dto/stats.query';
import { bucketStart, Interval, nextBucket } from './zone-buckets';
import { MonthSums, Sums, wholeMonths } from './month-sums';

export interface TopEntry {
  value: string;
  visits: number;
}

const TOP = 10;
const HOUR = 3600;
const TOP_NAMES: Record<Exclude<Dimension, 'source'>, string> = {
  referrer: 'referrers',
  country: 'countries',
  browser: 'browsers',
  os: 'os',
  device: 'devices',
  language: 'languages',
  variant: 'variants',
  utm_source: 'utm_sources',
  utm_medium: 'utm_mediums',
  utm_campaign: 'utm_campaigns',
};
const TOPS = Object.keys(TOP_NAMES) as (keyof typeof TOP_NAMES)[];

export const botFlags = (bots: Bots) =>
  bots === 'include' ? [false, true] : bots === 'only' ? [true] : [false];

const down = (s: number, unit: number) => Math.floor(s / unit) * unit;

/** The ten largest first, the rest in one `other` row; '' (not known) reads `unknown`. */
export function topList(counts: Map<string, number>): TopEntry[] {
  // Values past a rollup row's MAX_VALUES were kept only as a sum: they belong to `other`.
  const folded = counts.get(OTHER) ?? 0;
  counts.delete(OTHER);
  const sorted = [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  const head = sorted
    .slice(0, TOP)
    .map(([value, visits]) => ({ value: value || 'unknown', visits }));
  const rest = sorted.slice(TOP).reduce((n, [, v]) => n + v, folded);
  return rest > 0 ? [...head, { value: 'other', visits: rest }] : head;
}

/**
 * Totals, series and top lists from the rollups, never from raw visits. They count whole hours
 * (the ones `from` and `to` fall in included): daily rows for the UTC days inside the range and
 * hourly rows at its edges, or hourly rows (and their quarters) when the zone needs them.
 */
@Injectable()
export class RollupStats {
  private readonly months = new MonthSums();

  constructor(private readonly rollups: VisitReads) {}

  async compute(
    scope: Scope,
    from: number,
    to: number,
    interval: Interval,
    tz: string,
    bots: Bots,
  ) {
    const wanted = botFlags(bots);
    const starts: number[] = [];
    for (let b = bucketStart(from * 1000, interval, tz); b <= to * 1000;) {
      starts.push(Math.floor(b / 1000));
      b = nextBucket(b, interval, tz);
    }
    const hours = { from: down(from, HOUR), to: down(to, HOUR) + HOUR };
    const [rows, { top, qrScans, byCountry, shares }] = await Promise.all([
      this.seriesRows(scope, hours.from, hours.to, starts, wanted),
      this.top(scope, hours.from, hours.to, wanted),
    ]);
    const series = starts.map((t) => ({ t, visits: 0, uniques: 0 }));
    // QR scans come from the dimension counts, so they cover whole hours, as top lists do.
    const totals = { visits: 0, uniques: 0, bots: 0, qr_scans: qrScans };
    const add = (t: number, visits: number, uniques: number) => {
      const i = bucketIndex(starts, t);
      if (i < 0) return;
      series[i].visits += visits;
      series[i].uniques += uniques;
      totals.visits += visits;
      totals.uniques += uniques;
    };
    for (const r of rows) {
      if (r.bot) totals.bots += r.visits;
      if (!wanted.includes(r.bot)) continue;
      if (r.quarters) r.quarters.forEach(([v, u], q) => add(r.start + q * SLOT_SECONDS, v, u));
      else add(r.start, r.visits, r.uniques);
    }
    return { totals, series, top, by_country: byCountry, topShares: shares };
  }

  /**
   * The rows the series needs: daily ones inside the range when every bucket starts at a UTC
   * midnight, hourly ones otherwise, with their quarters when a bucket starts at :15, :30, :45.
   */
  private async seriesRows(
    scope: Scope,
    from: number,
    to: number,
    starts: number[],
    wanted: boolean[],
  ): Promise<SeriesRow[]> {
    if (starts.every((t) => t % DAY_SECONDS === 0)) {
      const [firstDay, lastDay] = wholeDays(from, to);
      if (firstDay < lastDay) {
        const parts = await Promise.all([
          this.rollups.series(scope, 'd', firstDay, lastDay, false),
          this.rollups.series(scope, 'h', from, firstDay, false),
          this.rollups.series(scope, 'h', lastDay, to, false),
        ]);
        return parts.flat();
      }
    }
    if (starts.some((t) => t % HOUR !== 0)) {
      if (wanted.includes(true)) return this.rollups.series(scope, 'h', from, to, true);
      // Bots left out (the default): their quarters are not read, only their sum.
      const [people, bots] = await Promise.all([
        this.rollups.series(scope, 'h', from, to, true, false),
        this.rollups.botVisits(scope, from, to),
      ]);
      return [...people, { start: from, bot: true, visits: bots, uniques: 0, quarters: null }];
    }
    if (starts.length * 2 > (to - from) / HOUR)
      return this.rollups.series(scope, 'h', from, to, false);
    // Fewer buckets than hours: the database sums each bucket's hours.
    return this.rollups.bucketSums(
      scope,
      starts.map((t, i): [number, number] => [Math.max(t, from), starts[i + 1] ?? to]),
    );
  }

  private async top(scope: Scope, from: number, to: number, bots: boolean[]) {
    const [firstDay, lastDay] = wholeDays(from, to);
    const sums = emptySums();
    const add = async (span: 'h' | 'd', a: number, b: number) =>
      addRows(sums, await this.rollups.dimCounts(scope, span, a, b, bots));
    await Promise.all(
      firstDay < lastDay
        ? [
            this.addDays(sums, scope, firstDay, lastDay, bots),
            add('h', from, firstDay),
            add('h', lastDay, to),
          ]
        : [add('h', from, to)],
    );
    return {
      top: Object.fromEntries(TOPS.map((d) => [TOP_NAMES[d], topList(sums.get(d)!)])),
      qrScans: sums.get('source')!.get('qr') ?? 0,
      byCountry: known(sums.get('country')!),
      shares: topShares(sums.get(SHARE)!),
    };
  }

  /**
   * Adds the daily rows of [from, to) to `into`: each whole UTC month among them from its sums
   * kept since an earlier call while its rows are unchanged (MonthSums), the other days read.
   */
  private async addDays(into: Sums, scope: Scope, from: number, to: number, bots: boolean[]) {
    const months = wholeMonths(from, to);
    const read = async (a: number, b: number, sums = into) =>
      addRows(sums, await this.rollups.dimCounts(scope, 'd', a, b, bots));
    if (months.length === 0) return read(from, to);
    const [first, end] = [months[0][0], months[months.length - 1][1]];
    // What each month's rows are now: two numbers a row, no JSON.
    const days = await this.rollups.series(scope, 'd', first, end, false);
    const owner = 'linkId' in scope ? `l${scope.linkId}` : `a${scope.accountId}`;
    await Promise.all([
      read(from, first),
      read(end, to),
      ...months.map(async ([a, b]) => {
        const now = { rows: 0, visits: 0 };
        for (const d of days) {
          if (d.start < a || d.start >= b || !bots.includes(d.bot)) continue;
          now.rows++;
          now.visits += d.visits;
        }
        const key = `${owner}|${a}|${bots.map(Number).join('')}`;
        let month = this.months.get(key, now);
        if (!month) {
          month = emptySums();
          await read(a, b, month);
          this.months.set(key, now, month);
        }
        addSums(into, month);
      }),
    ]);
  }
}

const COUNTED = [...DIMENSIONS, SHARE] as const;
const emptySums = (): Sums => new Map(COUNTED.map((d) => [d, new Map<string, number>()]));

/** Adds rows' stored counts to `sums`. */
function addRows(sums: Sums, rows: DimCounts[]): void {
  for (const counts of rows) {
    for (const d of COUNTED) {
      const sum = sums.get(d)!;
      const values = counts[d] ?? {};
      // for-in: no array of entries made for each row and dimension.
      for (const value in values) sum.set(value, (sum.get(value) ?? 0) + values[value]);
    }
  }
}

function addSums(into: Sums, add: Sums): void {
  for (const [d, values] of add) {
    const sum = into.get(d)!;
    for (const [value, n] of values) sum.set(value, (sum.get(value) ?? 0) + n);
  }
}

/**
 * An account's most visited shares (its rows count visits by share id), most first; more than
 * are shown, as some may be deleted since. A row keeps MAX_VALUES shares at most: past that, in
 * an account with more shares visited in one hour or day, the rest count only in its total.
 */
function topShares(counts: Map<string, number>): { linkId: number; visits: number }[] {
  counts.delete(OTHER);
  return [...counts]
    .map(([id, visits]) => ({ linkId: Number(id), visits }))
    .sort((a, b) => b.visits - a.visits || a.linkId - b.linkId)
    .slice(0, 5 * TOP);
}

/** Every known value's count, as an object (not known, and values folded into OTHER, left out). */
function known(counts: Map<string, number>): Record<string, number> {
  const values: Record<string, number> = {};
  for (const [value, n] of counts) if (value && value !== OTHER) values[value] = n;
  return values;
}

/** The first and the end of the whole UTC days within [from, to). */
const wholeDays = (from: number, to: number) => [
  Math.ceil(from / DAY_SECONDS) * DAY_SECONDS,
  down(to, DAY_SECONDS),
];

/** The bucket holding `t` (the last start ≤ t), or -1 before the first. */
function bucketIndex(starts: number[], t: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  if (hi < 0 || t < starts[0]) return -1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid] <= t) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}
