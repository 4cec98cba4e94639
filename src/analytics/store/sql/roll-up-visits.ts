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
const ROLL_UP_PART = 2000;

/**
 * Adds stored visits, in share order, to the shares' rollups and their accounts', their visitors
 * to the day's.
 */
export async function rollUpVisits(db: SqlRunner, rows: RollupVisit[]): Promise<void> {
  const accounts = new Map<string, AccountRollupRow>();
  for (let from = 0; from < rows.length;) {
    let to = Math.min(from + ROLL_UP_PART, rows.length);
    while (to < rows.length && rows[to].linkId === rows[to - 1].linkId) to++;
    const part = rows.slice(from, to);
    const shares = rollUp(part, await firstVisitsOfDay(db, part));
    await addToShareRollups(db, shares);
    addToAccountRows(shares, accounts);
    from = to;
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
  const byDay = new Map<number, Map<string, RollupVisit>>();
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i];
    const day = dayOf(r.at);
    keys[i] = `${day}|${r.linkId}|${r.visitorHash}`;
    if (!byDay.has(day)) byDay.set(day, new Map());
    byDay.get(day)!.set(keys[i], r);
  }
  const known = new Set<string>();
  for (const [day, visitors] of byDay) {
    const dayVisitors = [...visitors.values()];
    for (let i = 0; i < dayVisitors.length; i += KEYS_PER_SELECT) {
      const chunk = dayVisitors.slice(i, i + KEYS_PER_SELECT);
      const sql =
        'SELECT link_id, visitor_hash FROM visitor_days WHERE day = ? ' +
        `AND ${keysIn(db, ['link_id', 'visitor_hash'], chunk.length)}`;
      const params = chunk.flatMap((r) => [r.linkId, r.visitorHash]);
      for (const r of (await db.query(sql, [day, ...params])) as Row[]) {
        known.add(`${day}|${Number(r.link_id)}|${String(r.visitor_hash)}`);
      }
    }
  }
  const fresh: unknown[][] = [];
  const first = keys.map((key, i) => {
    if (known.has(key)) return false;
    known.add(key);
    fresh.push([dayOf(rows[i].at), rows[i].linkId, rows[i].visitorHash]);
    return true;
  });
  await insert(db, 'visitor_days', ['day', 'link_id', 'visitor_hash'], fresh, '');
  return first;
}
