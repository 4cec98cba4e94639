import type { Visit } from '../store/visit.entity';

/** A visit to store; `eventId`: its Redis Stream entry, when it came through one. */
export type VisitRow = Omit<Visit, 'id'> & { eventId: string | null };
/** What the rollups take of a visit. */
export type RollupVisit = Pick<
  VisitRow,
  | 'linkId'
  | 'accountId'
  | 'at'
  | 'isBot'
  | 'visitorHash'
  | 'referrerHost'
  | 'country'
  | 'browser'
  | 'os'
  | 'device'
  | 'language'
  | 'qr'
  | 'variant'
  | 'utmSource'
  | 'utmMedium'
  | 'utmCampaign'
>;

/** The setting naming the hour the day rows hold every hour before (see day-rows.ts). */
export const DAYS_MARK = 'rollup_days_to';
/** Quarter-hours: every zone's hours and days (+05:30, +05:45 too) are whole slots. */
export const SLOT_SECONDS = 900;
export const HOUR_SECONDS = 3600;
export const DAY_SECONDS = 86_400;
/** `source` is 'qr' for a QR scan, '' otherwise (rows rolled up before it have none). */
export const DIMENSIONS = [
  'referrer',
  'country',
  'browser',
  'os',
  'device',
  'language',
  'source',
  'variant',
  'utm_source',
  'utm_medium',
  'utm_campaign',
] as const;
export type Dimension = (typeof DIMENSIONS)[number];
/**
 * An account's rows count visits by share too (share id as text): its top shares over a range
 * then read the account's rows, not every share's.
 */
export const SHARE = 'share';
/** Visits by value ('' when not known), for each dimension: as stored (JSON). */
export type DimCounts = Record<Dimension, Record<string, number>> & {
  [SHARE]?: Record<string, number>;
};
/** The same while counting (a Map takes new keys far faster than an object). */
export type Tally = Record<Dimension, Map<string, number>> & { [SHARE]?: Map<string, number> };
/** What a tally counts: every dimension, and the shares of an account's row. */
export const countedIn = (t: Tally | DimCounts): readonly (Dimension | typeof SHARE)[] =>
  t[SHARE] ? [...DIMENSIONS, SHARE] : DIMENSIONS;
/** Past this many values of one dimension in one rollup row, the rest add up under OTHER. */
export const MAX_VALUES = 500;
export const OTHER = '\u0000other';

/**
 * One row of `visit_rollups`: a share's visits in an hour (`h`) or a UTC day (`d`), people and
 * bots apart: the total, the uniques, per quarter-hour (hours only: zones at +05:30 or +05:45
 * need them) and by every dimension.
 */
export interface RollupRow {
  linkId: number;
  accountId: number;
  span: 'h' | 'd';
  start: number;
  bot: boolean;
  visits: number;
  uniques: number;
  /** [visits, uniques] of each quarter of the hour; null for days. */
  quarters: [number, number][] | null;
  counts: Tally;
}

/** An account's visits in an hour or a UTC day: the sum of its shares' rows. */
export type AccountRollupRow = Omit<RollupRow, 'linkId'>;

const floorTo = (seconds: number, unit: number) => seconds - (seconds % unit);
export const dayOf = (at: Date) => Math.floor(at.getTime() / (DAY_SECONDS * 1000));

export const emptyTally = (): Tally => ({
  referrer: new Map(),
  country: new Map(),
  browser: new Map(),
  os: new Map(),
  device: new Map(),
  language: new Map(),
  source: new Map(),
  variant: new Map(),
  utm_source: new Map(),
  utm_medium: new Map(),
  utm_campaign: new Map(),
});

/** Adds `n` visits of `value`; a dimension already holding MAX_VALUES values counts it as OTHER. */
export function addCount(counts: Map<string, number>, value: string, n: number): void {
  const now = counts.get(value);
  if (now !== undefined) counts.set(value, now + n);
  else if (counts.size < MAX_VALUES) counts.set(value, n);
  else counts.set(OTHER, (counts.get(OTHER) ?? 0) + n);
}

/**
 * What a batch of visits adds to the rollups. `firstOfDay[i]` says whether row i is its visitor's
 * first visit of the UTC day to that share: uniques are counted there, so they add up over hours.
 * Each visit is counted into its hour; a day is the sum of its hours (its values counted once per
 * hour, not once per visit), for the hours before `daysTo` only (see withDays).
 */
export function rollUp(rows: RollupVisit[], firstOfDay: boolean[], daysTo: number): RollupRow[] {
  const hours = new Map<string, RollupRow>();
  let hour: RollupRow | undefined;
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i];
    const start = hourOf(r.at);
    // Batches come in share order: the visit before was most often in the same hour.
    if (hour?.linkId !== r.linkId || hour.start !== start || hour.bot !== r.isBot) {
      const { linkId, accountId, isBot: bot } = r;
      hour = rowIn(hours, { linkId, accountId, span: 'h', start, bot });
    }
    countVisit(hour, r, firstOfDay[i] ? 1 : 0);
  }
  return withDays([...hours.values()], daysTo);
}

/**
 * Hour rows and the day rows they add to. Day rows hold the hours before a mark (`daysTo`, moved
 * past each hour once it is closed: see day-rows.ts); the hours from it on are added to their
 * days when it moves, once, instead of at every roll-up of the hour, and read beside the days
 * until then. So an hour before the mark (a late visit) adds to its day at once, and one after it
 * does not.
 */
export function withDays<R extends AccountRollupRow>(hours: R[], daysTo: number): R[] {
  const closed = hours.filter((h) => h.start < daysTo);
  return closed.length === 0 ? hours : [...hours, ...daysOf(closed)];
}

/** The start of the hour of `at`, in seconds. */
export const hourOf = (at: Date) => floorTo(Math.floor(at.getTime() / 1000), HOUR_SECONDS);
/** The quarter of its hour `at` falls in (0 to 3). */
export const quarterOf = (at: Date) =>
  Math.floor((Math.floor(at.getTime() / 1000) % HOUR_SECONDS) / SLOT_SECONDS);

/**
 * Counts visit `r` into `hour` (its share's row of its hour), with `unique` uniques: each
 * dimension's value, '' when not known; the sparse ones (variant, UTM: most visits have none)
 * only when known. Written out, not looped over the dimensions: this runs for every visit, and
 * the loop's calls cost the writer ~1.5 µs a visit.
 */
export function countVisit(hour: RollupRow, r: RollupVisit, unique: 0 | 1): void {
  const quarter = hour.quarters![quarterOf(r.at)];
  quarter[0]++;
  quarter[1] += unique;
  hour.visits++;
  hour.uniques += unique;
  const c = hour.counts;
  addCount(c.referrer, r.referrerHost ?? '', 1);
  addCount(c.country, r.country ?? '', 1);
  addCount(c.browser, r.browser ?? '', 1);
  addCount(c.os, r.os ?? '', 1);
  addCount(c.device, r.device ?? '', 1);
  addCount(c.language, r.language ?? '', 1);
  addCount(c.source, r.qr ? 'qr' : '', 1);
  if (r.variant !== null) addCount(c.variant, r.variant, 1);
  if (r.utmSource !== null) addCount(c.utm_source, r.utmSource, 1);
  if (r.utmMedium !== null) addCount(c.utm_medium, r.utmMedium, 1);
  if (r.utmCampaign !== null) addCount(c.utm_campaign, r.utmCampaign, 1);
}

/**
 * The day rows of hour rows: each share's UTC day (people and bots apart), the sum of its hours. A
 * day of one hour (most days in a roll-up) shares that hour's counts: rows are not changed once
 * made, and copying them cost the writer ~1 µs a visit.
 */
export function daysOf<R extends AccountRollupRow>(hours: Iterable<R>): R[] {
  const days = new Map<string, { day: R; ownCounts: boolean }>();
  for (const h of hours) {
    const start = floorTo(h.start, DAY_SECONDS);
    // A share's row, or an account's (no share: its counts by share summed too).
    const key = `${(h as Partial<RollupRow>).linkId}|${h.accountId}|${start}|${+h.bot}`;
    const sum = days.get(key);
    if (!sum) {
      days.set(key, { day: { ...h, span: 'd', start, quarters: null }, ownCounts: false });
      continue;
    }
    const { day } = sum;
    if (!sum.ownCounts) {
      const counts: Tally = day.counts[SHARE]
        ? { ...emptyTally(), [SHARE]: new Map() }
        : emptyTally();
      addTally(counts, day.counts);
      day.counts = counts;
      sum.ownCounts = true;
    }
    day.visits += h.visits;
    day.uniques += h.uniques;
    addTally(day.counts, h.counts);
  }
  return [...days.values()].map((d) => d.day);
}

function addTally(into: Tally, add: Tally): void {
  for (const d of countedIn(add)) {
    const counts = (into[d] ??= new Map());
    add[d]!.forEach((n, value) => addCount(counts, value, n));
  }
}

export type RowKey = Pick<RollupRow, 'linkId' | 'accountId' | 'span' | 'start' | 'bot'>;

/** The row of that share, span and start in `rows`, made empty if there is none yet. */
function rowIn(rows: Map<string, RollupRow>, at: RowKey): RollupRow {
  const key = `${at.linkId}|${at.start}|${+at.bot}`;
  let row = rows.get(key);
  if (!row) rows.set(key, (row = emptyRow(at)));
  return row;
}

/** A row of that share, span and start with nothing counted yet. */
export function emptyRow({ linkId, accountId, span, start, bot }: RowKey): RollupRow {
  const quarters = span === 'h' ? Array.from({ length: 4 }, (): [number, number] => [0, 0]) : null;
  return {
    linkId,
    accountId,
    span,
    start,
    bot,
    visits: 0,
    uniques: 0,
    quarters,
    counts: emptyTally(),
  };
}

/**
 * Adds shares' rollup rows to their accounts' rows in `into` (keyed by account, span, start and
 * bot), counting each share's visits under SHARE. Returns `into`.
 */
export function addToAccountRows(
  rows: RollupRow[],
  into = new Map<string, AccountRollupRow>(),
): Map<string, AccountRollupRow> {
  for (const r of rows) {
    const key = `${r.accountId}|${r.span}|${r.start}|${+r.bot}`;
    let sum = into.get(key);
    if (!sum) {
      const { accountId, span, start, bot } = r;
      const quarters = r.quarters && r.quarters.map((): [number, number] => [0, 0]);
      const counts = { ...emptyTally(), [SHARE]: new Map<string, number>() };
      sum = { accountId, span, start, bot, visits: 0, uniques: 0, quarters, counts };
      into.set(key, sum);
    }
    sum.visits += r.visits;
    sum.uniques += r.uniques;
    const quarters = sum.quarters;
    r.quarters?.forEach(([v, u], q) => {
      quarters![q][0] += v;
      quarters![q][1] += u;
    });
    for (const d of DIMENSIONS) {
      const counts = sum.counts[d];
      r.counts[d].forEach((n, value) => addCount(counts, value, n));
    }
    addCount(sum.counts[SHARE]!, String(r.linkId), r.visits);
  }
  return into;
}
