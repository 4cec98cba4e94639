import { bucketStart, Interval, nextBucket } from './zone-buckets';

export interface StatRow {
  at: Date;
  isBot: boolean;
  visitorHash: string;
  referrerHost: string | null;
  country: string | null;
  browser: string | null;
  os: string | null;
  device: string;
  language: string | null;
}

export interface TopEntry {
  value: string;
  visits: number;
}

const TOP = 10;
const DIMENSIONS = {
  referrers: (r: StatRow) => r.referrerHost,
  countries: (r: StatRow) => r.country,
  browsers: (r: StatRow) => r.browser,
  os: (r: StatRow) => r.os,
  devices: (r: StatRow) => r.device,
  languages: (r: StatRow) => r.language,
};

/** Counts by value, the ten largest first, the rest in one `other` row; unknowns are `unknown`. */
function top(rows: StatRow[], pick: (r: StatRow) => string | null): TopEntry[] {
  const counts = new Map<string, number>();
  for (const r of rows) {
    const v = pick(r) ?? 'unknown';
    counts.set(v, (counts.get(v) ?? 0) + 1);
  }
  const sorted = [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  const head = sorted.slice(0, TOP).map(([value, visits]) => ({ value, visits }));
  const rest = sorted.slice(TOP).reduce((n, [, v]) => n + v, 0);
  return rest > 0 ? [...head, { value: 'other', visits: rest }] : head;
}

/**
 * Totals, a series with one entry per bucket of `interval` in `tz` from `fromMs` to `toMs`
 * (empty buckets included), and the top lists. `rows` are the visits to count (bots already
 * chosen); `botCount` is how many bots visited in the range.
 */
export function aggregate(
  rows: StatRow[],
  botCount: number,
  fromMs: number,
  toMs: number,
  interval: Interval,
  tz: string,
) {
  const buckets = new Map<number, { visits: number; visitors: Set<string> }>();
  for (let b = bucketStart(fromMs, interval, tz); b <= toMs; b = nextBucket(b, interval, tz)) {
    buckets.set(b, { visits: 0, visitors: new Set() });
  }
  for (const r of rows) {
    const bucket = buckets.get(bucketStart(r.at.getTime(), interval, tz));
    if (!bucket) continue;
    bucket.visits++;
    bucket.visitors.add(r.visitorHash);
  }
  return {
    totals: {
      visits: rows.length,
      uniques: new Set(rows.map((r) => r.visitorHash)).size,
      bots: botCount,
    },
    series: [...buckets].map(([t, b]) => ({
      t: Math.floor(t / 1000),
      visits: b.visits,
      uniques: b.visitors.size,
    })),
    top: Object.fromEntries(
      Object.entries(DIMENSIONS).map(([name, pick]) => [name, top(rows, pick)]),
    ) as Record<keyof typeof DIMENSIONS, TopEntry[]>,
  };
}
