// SQLite's writer thread stores visits as they come and rolls them up behind a mark: the id of
// the last visit in the rollups, kept in `settings` and moved in the transaction that rolls up.
// Whatever lies past it (a roll-up not yet due, or one a crash prevented) is read back from
// `visits` and rolled up by the next roll-up, so nothing is counted twice or lost.
import { Row, SqlRunner } from './batch-sql';
import type { RollupVisit, VisitRow } from './rollup';
import { rollUpVisits, storeVisits } from './visit-batch';

const MARK = 'visits_rolled_up_to';
/** Visits read back and rolled up together at most; a longer backlog goes in parts. */
export const ROLL_UP_AT_MOST = 50_000;

const lastVisitId = async (db: SqlRunner) =>
  Number(((await db.query('SELECT COALESCE(MAX(id), 0) AS id FROM visits', [])) as Row[])[0].id);

async function storedMark(db: SqlRunner): Promise<number | null> {
  const [row] = (await db.query('SELECT value FROM settings WHERE name = ?', [MARK])) as Row[];
  return row ? Number(row.value) : null;
}

/** Where the mark is; a database without one had every visit rolled up with its batch. */
async function markOf(db: SqlRunner): Promise<number> {
  const mark = await storedMark(db);
  if (mark !== null) return mark;
  const last = await lastVisitId(db);
  await setMark(db, last);
  return last;
}

async function setMark(db: SqlRunner, id: number): Promise<void> {
  await db.query(
    'INSERT INTO settings (name, value) VALUES (?, ?) ' +
      'ON CONFLICT (name) DO UPDATE SET value = excluded.value',
    [MARK, String(id)],
  );
}

/**
 * Stores the visits and rolls up everything past the mark with them; the caller holds the
 * transaction. With nothing else past the mark (no load), the batch is rolled up as it is, not
 * read back. Returns the visits stored.
 */
export async function storeAndRollUp(db: SqlRunner, rows: VisitRow[]): Promise<VisitRow[]> {
  const caughtUp = (await markOf(db)) === (await lastVisitId(db));
  const stored = await storeVisits(db, rows);
  if (!caughtUp) {
    while ((await rollUpPastMark(db)) === ROLL_UP_AT_MOST);
    return stored;
  }
  await rollUpVisits(db, stored);
  await setMark(db, await lastVisitId(db));
  return stored;
}

/** Whether stored visits wait past the mark (read at start, before the writer thread runs). */
export async function visitsPastMark(db: SqlRunner): Promise<boolean> {
  const mark = await storedMark(db);
  if (mark === null) return false;
  const sql = 'SELECT 1 AS past FROM visits WHERE id > ? LIMIT 1';
  return ((await db.query(sql, [mark])) as Row[]).length > 0;
}

/**
 * Rolls up the visits past the mark, at most ROLL_UP_AT_MOST of them, and moves the mark past
 * them; the caller holds the transaction. Returns how many it rolled up.
 */
export async function rollUpPastMark(db: SqlRunner): Promise<number> {
  const mark = await markOf(db);
  const rows = (await db.query(
    'SELECT id, link_id, account_id, at, is_bot, referrer_host, country, browser, os, device, ' +
      `language, visitor_hash FROM visits WHERE id > ? ORDER BY id LIMIT ${ROLL_UP_AT_MOST}`,
    [mark],
  )) as Row[];
  if (rows.length === 0) return 0;
  // In share order, arrival order within a share (the sort is stable), as the batches are.
  const visits = rows.map(fromRow).sort((a, b) => a.linkId - b.linkId);
  await rollUpVisits(db, visits);
  await setMark(db, Number(rows[rows.length - 1].id));
  return rows.length;
}

const text = (v: unknown) => (typeof v === 'string' ? v : null);

/** A stored visit as the rollups take it (`at` is stored as UTC `YYYY-MM-DD HH:MM:SS.sss`). */
function fromRow(r: Row): RollupVisit {
  return {
    linkId: Number(r.link_id),
    accountId: Number(r.account_id),
    at: new Date(`${String(r.at).replace(' ', 'T')}Z`),
    isBot: Boolean(Number(r.is_bot)),
    visitorHash: String(r.visitor_hash),
    referrerHost: text(r.referrer_host),
    country: text(r.country),
    browser: text(r.browser),
    os: text(r.os),
    device: String(r.device) as RollupVisit['device'],
    language: text(r.language),
  };
}
