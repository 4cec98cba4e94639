// Rollup rows as they are stored: their counts are JSON, merged without Maps where they can be.
import {
  addCount,
  countedIn,
  DIMENSIONS,
  DimCounts,
  emptyTally,
  MAX_VALUES,
  OTHER,
  RollupRow,
  SHARE,
  Tally,
} from './rollup';

export function tallyFromJson(json: string): Tally {
  const stored = JSON.parse(json) as Partial<DimCounts>;
  const tally: Tally = emptyTally();
  for (const d of DIMENSIONS) tally[d] = new Map(Object.entries(stored[d] ?? {}));
  if (stored[SHARE]) tally[SHARE] = new Map(Object.entries(stored[SHARE]));
  return tally;
}

export const tallyToJson = (tally: Tally): string =>
  JSON.stringify(Object.fromEntries(countedIn(tally).map((d) => [d, plain(tally[d]!)])));

/** Counts as an object, without the entries an iteration makes (`__proto__` needs them). */
function plain(counts: Map<string, number>): Record<string, number> {
  if (counts.has('__proto__')) return Object.fromEntries(counts);
  const values: Record<string, number> = {};
  counts.forEach((n, value) => (values[value] = n));
  return values;
}

/** The sums of a rollup row, a share's or an account's. */
type Sums = Pick<RollupRow, 'visits' | 'uniques' | 'quarters' | 'counts'>;
/** A stored rollup row as the writer reads it: its counts stay JSON until they are merged. */
export type StoredSums = Omit<Sums, 'counts'> & { counts: string };
export type StoredRollup = Omit<RollupRow, 'counts'> & StoredSums;

/** `add` merged into `into` (a stored row and a batch's counts of the same hour or day). */
export function mergeRollup<R extends StoredSums>(into: R, add: Sums): R {
  into.visits += add.visits;
  into.uniques += add.uniques;
  if (into.quarters && add.quarters) {
    add.quarters.forEach(([v, u], q) => {
      into.quarters![q][0] += v;
      into.quarters![q][1] += u;
    });
  }
  into.counts = addCountsToJson(into.counts, add.counts);
  return into;
}

/**
 * A batch's counts added to stored JSON counts, in the parsed object itself: Maps both ways cost
 * the writer more than the merge. A value named `__proto__` cannot be a plain object's key that
 * way; a row with one goes through Maps.
 */
export function addCountsToJson(json: string, add: Tally): string {
  const stored = JSON.parse(json) as Partial<DimCounts>;
  for (const d of countedIn(add)) {
    const adding = add[d]!;
    if (adding.size === 0) continue;
    if (adding.has('__proto__')) return addCountsThroughMaps(json, add);
    const into = (stored[d] ??= {});
    let size: number | undefined;
    adding.forEach((n, value) => {
      if (Object.hasOwn(into, value)) {
        into[value] += n;
      } else if ((size ??= Object.keys(into).length) < MAX_VALUES) {
        into[value] = n;
        size++;
      } else {
        into[OTHER] = (Object.hasOwn(into, OTHER) ? into[OTHER] : 0) + n;
      }
    });
  }
  return JSON.stringify(stored);
}

function addCountsThroughMaps(json: string, add: Tally): string {
  const tally = tallyFromJson(json);
  for (const d of countedIn(add)) {
    const into = (tally[d] ??= new Map());
    for (const [value, n] of add[d]!) addCount(into, value, n);
  }
  return tallyToJson(tally);
}
