import { Injectable } from '@nestjs/common';
import { DAY_SECONDS, DIMENSIONS, SLOT_SECONDS } from '../rollup';
import { DimSum, Scope, VisitRollupsRepository } from '../visit-rollups.repository';
import type { Bots } from './dto/stats.query';
import { bucketStart, Interval, nextBucket } from './zone-buckets';

export interface TopEntry {
  value: string;
  visits: number;
}

const TOP = 10;
const HOUR = 3600;
const TOP_NAMES: Record<(typeof DIMENSIONS)[number], string> = {
  referrer: 'referrers',
  country: 'countries',
  browser: 'browsers',
  os: 'os',
  device: 'devices',
  language: 'languages',
};

export const botFlags = (bots: Bots) =>
  bots === 'include' ? [false, true] : bots === 'only' ? [true] : [false];

const down = (s: number, unit: number) => Math.floor(s / unit) * unit;

/** The ten largest first, the rest in one `other` row; '' (not known) reads `unknown`. */
export function topList(counts: Map<string, number>): TopEntry[] {
  const sorted = [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  const head = sorted
    .slice(0, TOP)
    .map(([value, visits]) => ({ value: value || 'unknown', visits }));
  const rest = sorted.slice(TOP).reduce((n, [, v]) => n + v, 0);
  return rest > 0 ? [...head, { value: 'other', visits: rest }] : head;
}

/**
 * Totals, series and top lists from the rollups, never from raw visits. Series and totals count
 * whole quarter-hours (the ones `from` and `to` fall in included); top lists count whole hours,
 * from the daily rollups for the UTC days inside the range and the hourly ones at its edges.
 */
@Injectable()
export class RollupStats {
  constructor(private readonly rollups: VisitRollupsRepository) {}

  async compute(
    scope: Scope,
    from: number,
    to: number,
    interval: Interval,
    tz: string,
    bots: Bots,
  ) {
    const wanted = botFlags(bots);
    const [slots, top] = await Promise.all([
      this.rollups.slotSums(scope, down(from, SLOT_SECONDS), down(to, SLOT_SECONDS) + SLOT_SECONDS),
      this.top(scope, down(from, HOUR), down(to, HOUR) + HOUR, wanted),
    ]);
    const starts: number[] = [];
    for (let b = bucketStart(from * 1000, interval, tz); b <= to * 1000;) {
      starts.push(Math.floor(b / 1000));
      b = nextBucket(b, interval, tz);
    }
    const series = starts.map((t) => ({ t, visits: 0, uniques: 0 }));
    const totals = { visits: 0, uniques: 0, bots: 0 };
    for (const s of slots) {
      if (s.bot) totals.bots += s.visits;
      if (!wanted.includes(s.bot)) continue;
      totals.visits += s.visits;
      totals.uniques += s.uniques;
      const i = bucketIndex(starts, s.slot);
      if (i >= 0) {
        series[i].visits += s.visits;
        series[i].uniques += s.uniques;
      }
    }
    return { totals, series, top };
  }

  private async top(scope: Scope, from: number, to: number, bots: boolean[]) {
    const firstDay = Math.ceil(from / DAY_SECONDS) * DAY_SECONDS;
    const lastDay = down(to, DAY_SECONDS);
    const parts: Promise<DimSum[]>[] =
      firstDay < lastDay
        ? [
            this.rollups.dimSums(scope, 'd', firstDay, lastDay, bots),
            this.rollups.dimSums(scope, 'h', from, firstDay, bots),
            this.rollups.dimSums(scope, 'h', lastDay, to, bots),
          ]
        : [this.rollups.dimSums(scope, 'h', from, to, bots)];
    const counts = new Map<string, Map<string, number>>(DIMENSIONS.map((d) => [d, new Map()]));
    for (const sums of await Promise.all(parts)) {
      for (const { dimension, value, visits } of sums) {
        const c = counts.get(dimension);
        c?.set(value, (c.get(value) ?? 0) + visits);
      }
    }
    return Object.fromEntries(DIMENSIONS.map((d) => [TOP_NAMES[d], topList(counts.get(d)!)]));
  }
}

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
