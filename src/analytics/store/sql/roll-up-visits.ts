// Stored visits added to the rollups, and their visitors to the day's (uniques).
import { insert, KEYS_PER_SELECT, keysIn, Row, SqlRunner } from './batch-sql';
import {
  AccountRollupRow,
  addToAccountRows,
  dayOf,
  rollUp,
  RollupVisit,
} from '../../rollups/rollup';
import { addToAccountRollups, addToShareRollups } from './rollup-writer';

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
export function* partRanges(
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
 * accounts', their visitors to the day's.
 */
export async function rollUpVisits(db: SqlRunner, parts: Iterable<RollupVisit[]>): Promise<void> {
  const accounts = new Map<string, AccountRollupRow>();
  for (const part of parts) {
    const shares = rollUp(part, await firstVisitsOfDay(db, part));
    await addToShareRollups(db, shares);
    addToAccountRows(shares, accounts);
  }
  await addToAccountRollups(db, [...accounts.values()]);
}

/** Deletes the visitors of days before `day`: their salt is gone, they can never match again. */
export async function pruneVisitorDays(db: SqlRunner, day: number): Promise<void> {
  await db.query('DELETE FROM visitor_days WHERE day < ?', [day]);
}

/** Whether each visit is its visitor's first of the UTC day to that share; records the new ones. */
async function firstVisitsOfDay(db: SqlRunner, rows: RollupVisit[]): Promise<boolean[]> {
  // Each visitor of a share once per day: a roll-up under load holds many visits of each.
  const keys = new Array<string>(rows.length);
  const visitors = new Map<string, [number, number, string]>();
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i];
    const day = dayOf(r.at);
    keys[i] = `${day}|${r.linkId}|${r.visitorHash}`;
    if (!visitors.has(keys[i])) visitors.set(keys[i], [day, r.linkId, r.visitorHash]);
  }
  const fresh = await (db.mysql ? recordNewOnMysql : recordNew)(db, [...visitors.values()]);
  // A visitor new today is first at their first visit of the batch only.
  return keys.map((key) => fresh.delete(key));
}

const VISITOR_COLUMNS = ['day', 'link_id', 'visitor_hash'];
const keyOf = (r: Row) => `${Number(r.day)}|${Number(r.link_id)}|${String(r.visitor_hash)}`;

/**
 * SQLite: one statement per 100 visitors stores the new ones and answers which they were
 * (`RETURNING`); reading them first and then storing cost a statement more and ~1 µs a visit.
 */
async function recordNew(db: SqlRunner, visitors: unknown[][]): Promise<Set<string>> {
  const suffix = ' ON CONFLICT DO NOTHING RETURNING day, link_id, visitor_hash';
  const stored = await insert(db, 'visitor_days', VISITOR_COLUMNS, visitors, suffix);
  return new Set(stored.map(keyOf));
}

/** MySQL (no `RETURNING`): the known visitors read (by day, 400 keys a statement), the others stored. */
async function recordNewOnMysql(
  db: SqlRunner,
  visitors: [number, number, string][],
): Promise<Set<string>> {
  const known = new Set<string>();
  const byDay = new Map<number, [number, number, string][]>();
  for (const v of visitors) {
    const ofDay = byDay.get(v[0]);
    if (ofDay) ofDay.push(v);
    else byDay.set(v[0], [v]);
  }
  for (const [day, ofDay] of byDay) {
    for (let i = 0; i < ofDay.length; i += KEYS_PER_SELECT) {
      const chunk = ofDay.slice(i, i + KEYS_PER_SELECT);
      const sql =
        'SELECT day, link_id, visitor_hash FROM visitor_days WHERE day = ? ' +
        `AND ${keysIn(db, ['link_id', 'visitor_hash'], chunk.length)}`;
      const params = chunk.flatMap(([, linkId, hash]) => [linkId, hash]);
      for (const r of (await db.query(sql, [day, ...params])) as Row[]) known.add(keyOf(r));
    }
  }
  const fresh = visitors.filter((v) => !known.has(`${v[0]}|${v[1]}|${v[2]}`));
  await insert(db, 'visitor_days', VISITOR_COLUMNS, fresh, '');
  return new Set(fresh.map((v) => `${v[0]}|${v[1]}|${v[2]}`));
}
