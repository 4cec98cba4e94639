// Stored visits added to the rollups, and their visitors to the day's (uniques).
import { insertColumn, KEYS_PER_SELECT, marks, Row, SqlRunner } from './batch-sql';
import {
  AccountRollupRow,
  addToAccountRows,
  dayOf,
  rollUp,
  RollupVisit,
} from '../../rollups/rollup';
import { addToAccountRollups, addToShareRollups } from './rollup-writer';
import { firstKeyOf, visitorKey } from '../../../common/visitor-key';

/**
 * Visits rolled up together at most, whole shares each. A roll-up of 50,000 visits at once built
 * a rollup row and six tallies per share, hour and day, all alive until its end: every young-
 * generation collection on the way copied them and then promoted them to the old generation.
 */
export const ROLL_UP_PART = 2000;

/**
 * The [from, to) ranges that cut `n` visits in share order (`shareOf(i)`: the i-th one's share)
 * in parts of about `part`, whole shares each.
 */
function* partRanges(
  n: number,
  shareOf: (i: number) => number,
  part = ROLL_UP_PART,
): Generator<[number, number]> {
  for (let from = 0; from < n;) {
    let to = Math.min(from + part, n);
    while (to < n && shareOf(to) === shareOf(to - 1)) to++;
    yield [from, to];
    from = to;
  }
}

/** Visits in share order cut in parts (see partRanges). */
export function* partsOf(rows: RollupVisit[]): Generator<RollupVisit[]> {
  for (const [from, to] of partRanges(rows.length, (i) => rows[i].linkId)) {
    yield rows.slice(from, to);
  }
}

/**
 * Adds stored visits, in share order and in parts (see partsOf), to the shares' rollups and their
 * accounts', their visitors to the day's; to the days of hours before `daysTo` (see day-rows.ts).
 */
export async function rollUpVisits(
  db: SqlRunner,
  parts: Iterable<RollupVisit[]>,
  daysTo: number,
): Promise<void> {
  const accounts = new Map<string, AccountRollupRow>();
  for (const part of parts) {
    const shares = rollUp(part, await firstVisitsOfDay(db, part), daysTo);
    await addToShareRollups(db, shares);
    addToAccountRows(shares, accounts);
  }
  await addToAccountRollups(db, [...accounts.values()]);
}

/** Deletes the visitors of days before `day`: their salt is gone, they can never match again. */
export async function pruneVisitorDays(db: SqlRunner, day: number): Promise<void> {
  await db.query('DELETE FROM visitor_days WHERE visitor_key < ?', [firstKeyOf(day)]);
}

/** Whether each visit is its visitor's first of the UTC day to that share; records the new ones. */
async function firstVisitsOfDay(db: SqlRunner, rows: RollupVisit[]): Promise<boolean[]> {
  const keys = new Array<number>(rows.length);
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i];
    keys[i] = visitorKey(dayOf(r.at), r.linkId, r.visitorHash);
  }
  // Each visitor of a share once per day (a roll-up under load holds many visits of each), in
  // key order: neighbours in the table's tree are then written one after another.
  const fresh = new Set(
    await recordVisitors(
      db,
      [...new Set(keys)].sort((a, b) => a - b),
    ),
  );
  // A visitor new today is first at their first visit of the batch only.
  return keys.map((key) => fresh.delete(key));
}

/** Records the visitors (keys, each once, in order) not recorded yet; returns those. */
export const recordVisitors = (db: SqlRunner, visitors: number[]): Promise<number[]> =>
  (db.mysql ? recordNewOnMysql : recordNew)(db, visitors);

/**
 * SQLite: one statement per 100 visitors stores the new ones and answers which they were
 * (`RETURNING`); reading them first and then storing cost a statement more and ~1 µs a visit.
 */
async function recordNew(db: SqlRunner, visitors: number[]): Promise<number[]> {
  const suffix = ' ON CONFLICT DO NOTHING RETURNING visitor_key';
  return (await insertColumn(db, 'visitor_days', 'visitor_key', visitors, suffix)).map(Number);
}

/** MySQL (no `RETURNING`): the known visitors read, 400 keys a statement, the others stored. */
async function recordNewOnMysql(db: SqlRunner, visitors: number[]): Promise<number[]> {
  const known = new Set<number>();
  for (let i = 0; i < visitors.length; i += KEYS_PER_SELECT) {
    const chunk = visitors.slice(i, i + KEYS_PER_SELECT);
    const sql = `SELECT visitor_key FROM visitor_days WHERE visitor_key IN (${marks(chunk.length)})`;
    for (const r of (await db.query(sql, chunk)) as Row[]) known.add(Number(r.visitor_key));
  }
  const fresh = visitors.filter((v) => !known.has(v));
  await insertColumn(db, 'visitor_days', 'visitor_key', fresh, '');
  return fresh;
}
