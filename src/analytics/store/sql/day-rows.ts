// Day rows hold the hours before a mark, `rollup_days_to` in `settings` (Unix seconds, the start
// of an hour). A roll-up writes the hours it touches, and their days only for hours before the
// mark (late visits); once an hour is closed, the next roll-up adds the hours from the mark to it
// to their days, once, and moves the mark. Before, every roll-up merged each touched share's day
// row too, as big as its hour row: at every ten-second roll-up under load, once an hour now.
// Reads of days add the hours past the mark (VisitRollupsRepository).
import { Row, SqlRunner } from './batch-sql';
import {
  AccountRollupRow,
  DAYS_MARK,
  daysOf,
  hourOf,
  HOUR_SECONDS,
  RollupRow,
} from '../../rollups/rollup';
import { tallyFromJson } from '../../rollups/rollup-json';
import { addToAccountRollups, addToShareRollups } from './rollup-writer';

/** Without a mark (a migration makes it), every hour was added to its day as it was rolled up. */
const EVERY_HOUR = Number.MAX_SAFE_INTEGER;
/** Hour rows read and added to their days at a time. */
const FOLD_PART = 2000;

/**
 * The mark, read first in a transaction that writes rollups: on MySQL under a shared lock, so an
 * instance moving it (exclusive) waits for the roll-ups that read it and they for the move.
 */
export async function daysMark(db: SqlRunner, exclusive = false): Promise<number> {
  const lock = !db.mysql ? '' : exclusive ? ' FOR UPDATE' : ' LOCK IN SHARE MODE';
  const sql = `SELECT value FROM settings WHERE name = ?${lock}`;
  const [row] = (await db.query(sql, [DAYS_MARK])) as Row[];
  return row ? Number(row.value) : EVERY_HOUR;
}

/**
 * MySQL: this instance found a closed hour past the mark. A shared lock cannot become exclusive
 * without two instances deadlocking, so its next roll-up takes the mark exclusively from the
 * start.
 */
let foldWanted = false;

/**
 * The first statement of a roll-up's transaction: adds the closed hours past the mark to their
 * days where it may (SQLite, where writers take turns; MySQL once it holds the mark exclusively)
 * and returns the mark the roll-up writes by.
 */
export async function foldClosedHours(db: SqlRunner, now = Date.now()): Promise<number> {
  const closedTo = hourOf(new Date(now));
  const exclusive = db.mysql && foldWanted;
  const mark = await daysMark(db, exclusive);
  if (mark >= closedTo) {
    if (exclusive) foldWanted = false;
    return mark;
  }
  if (db.mysql && !exclusive) {
    foldWanted = true;
    return mark;
  }
  await addHoursToDays(db, SHARE_HOURS, mark, closedTo);
  await addHoursToDays(db, ACCOUNT_HOURS, mark, closedTo);
  await db.query('UPDATE settings SET value = ? WHERE name = ?', [String(closedTo), DAYS_MARK]);
  foldWanted = false;
  return closedTo;
}

interface HourTable {
  name: string;
  owner: 'link_id' | 'account_id';
  add(db: SqlRunner, days: AccountRollupRow[]): Promise<void>;
}

const SHARE_HOURS: HourTable = {
  name: 'visit_rollups',
  owner: 'link_id',
  add: (db, days) => addToShareRollups(db, days as RollupRow[]),
};
const ACCOUNT_HOURS: HourTable = {
  name: 'account_rollups',
  owner: 'account_id',
  add: addToAccountRollups,
};

/** Adds the hour rows starting in [from, to) to their days, an hour and FOLD_PART rows at a time. */
async function addHoursToDays(db: SqlRunner, table: HourTable, from: number, to: number) {
  const lock = db.mysql ? ' LOCK IN SHARE MODE' : '';
  const next = `SELECT MIN(start) AS start FROM ${table.name} WHERE span = 'h' AND start >= ? AND start < ?`;
  const part =
    `SELECT ${table.owner === 'link_id' ? 'link_id, ' : ''}account_id, start, bot, visits, ` +
    `uniques, counts FROM ${table.name} WHERE span = 'h' AND start = ? AND ${table.owner} >= ? ` +
    `ORDER BY ${table.owner}, bot LIMIT ${FOLD_PART}${lock}`;
  for (let hour = from; ; hour += HOUR_SECONDS) {
    const [first] = (await db.query(next, [hour, to])) as Row[];
    if (first?.start === null || first?.start === undefined) return;
    hour = Number(first.start);
    for (let owner = 0; owner >= 0;) {
      const rows = ((await db.query(part, [hour, owner])) as Row[]).map(hourRow);
      // A full part may end inside an owner's rows (people and bots): that owner goes again next.
      const full = rows.length === FOLD_PART;
      const last = full ? ownerOf(rows[rows.length - 1]) : -1;
      await table.add(db, daysOf(full ? rows.filter((r) => ownerOf(r) !== last) : rows));
      owner = last;
    }
  }
}

const ownerOf = (r: AccountRollupRow) => (r as Partial<RollupRow>).linkId ?? r.accountId;

function hourRow(r: Row): AccountRollupRow {
  return {
    ...(r.link_id === undefined ? {} : { linkId: Number(r.link_id) }),
    accountId: Number(r.account_id),
    span: 'h',
    start: Number(r.start),
    bot: Boolean(Number(r.bot)),
    visits: Number(r.visits),
    uniques: Number(r.uniques),
    quarters: null,
    counts: tallyFromJson(String(r.counts)),
  };
}
