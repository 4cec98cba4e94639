// The sums of a whole UTC month's daily rows, kept between calls: a year of a busy share by day
// parsed 365 rows of JSON counts (every dimension, hundreds of referrers a day) on every call.
import { LRUCache } from 'lru-cache';

/** Counts by dimension (and by share, for an account), summed over rows. */
export type Sums = Map<string, Map<string, number>>;

/** How many months are kept at most (the least recently used go first). */
const KEPT = 256;

/** A month's rows as they stand: how many, and their visits. */
export interface MonthRows {
  rows: number;
  visits: number;
}

/**
 * Months' sums, each with what its rows were when summed. A rollup row's counts change only when
 * visits are added to it (a late visit, an import), which changes its visits; a row added or
 * deleted changes the count: either way the sums kept no longer match and the month is read again.
 */
export class MonthSums {
  private readonly kept = new LRUCache<string, { rows: MonthRows; sums: Sums }>({ max: KEPT });

  /** The month's sums if its rows are still `now`. */
  get(key: string, now: MonthRows): Sums | undefined {
    const entry = this.kept.get(key);
    if (!entry || entry.rows.rows !== now.rows || entry.rows.visits !== now.visits) return;
    return entry.sums;
  }

  set(key: string, rows: MonthRows, sums: Sums): void {
    this.kept.set(key, { rows, sums });
  }
}

/** The UTC months wholly inside [from, to) (Unix seconds, UTC midnights), as [start, end). */
export function wholeMonths(from: number, to: number): [number, number][] {
  const months: [number, number][] = [];
  const first = new Date(from * 1000);
  let m = Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + (first.getUTCDate() > 1 ? 1 : 0));
  for (;;) {
    const d = new Date(m);
    const next = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1);
    if (next / 1000 > to) return months;
    months.push([m / 1000, next / 1000]);
    m = next;
  }
}
