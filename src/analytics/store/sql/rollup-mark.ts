// SQLite's writer thread stores visits as they come and rolls them up behind a mark: the id of
// the last visit in the rollups, kept in `settings` and moved in the transaction that rolls up.
// Whatever lies past it (a roll-up not yet due, or one a crash prevented) is rolled up by the next
// roll-up, from what the writer counted as it stored them or read back from `visits`, so nothing
// is counted twice or lost.
import { existingIds, Row, SqlRunner } from './batch-sql';
import { PendingRollups } from '../pending-rollups';
import type { RollupVisit } from '../../rollups/rollup';
import { partsOf, recordVisitors, rollUpVisits } from './roll-up-visits';
import { addToRollups } from './rollup-writer';
import { storeVisitsOf, VisitSource } from './visit-batch';
import { addVisitCounts, countsByShare } from './visit-counts';
import { foldClosedHours } from './day-rows';

const MARK = 'visits_rolled_up_to';
/** Visits read back and rolled up together at most; a longer backlog goes in parts. */
export const ROLL_UP_AT_MOST = 50_000;
/**
 * Under load the writer thread rolls up at most this much later, or once this many visits wait
 * (kept in its memory: their shares' hours, ~48 bytes for each visit and ~24 for each visitor,
 * ~20 MB at ROLL_UP_DUE_AT). Rolled up together, the visits of many batches touch
 * each share's hour and day once: with 10,000 shares visited at random, ~1.5 rollup rows per
 * visit written in groups of half a second, ~0.4 in 55,000 visits, ~0.1 in 220,000; and each
 * row is read, merged and written back whole (a day's row holds every value of the day). The
 * writer's CPU per visit at 22,000 visits a second (`npm run bench:writer`): ~38 µs rolling up
 * every 55,000 visits, ~21 every 220,000. A flush someone waits for and a batch after a quiet
 * spell are rolled up at once, and while fewer than ROLL_UP_LIGHT visits wait, a roll-up is due
 * after a second (they cost little CPU at such a rate): the stats lag only under heavy load.
 */
export const ROLL_UP_EVERY_MS = 10_000;
export const ROLL_UP_DUE_AT = 250_000;
export const ROLL_UP_LIGHT = 10_000;

/**
 * While batches keep coming the writer thread starts a group (one transaction) at most this
 * often once the group before held HEAVY_GROUP visits or more, and at most every
 * LIGHT_GROUP_EVERY_MS otherwise. A commit writes every page its visits touched, and with many
 * shares visited that is one page of the visits index per share whether the group holds 5,000
 * visits or 80,000, so under load fewer, bigger groups write less per visit (`npm run
 * bench:writer` at 22,000 visits a second, three alternated pairs: a bare insert of the same
 * rows 9.9-10.6 µs a visit in groups of 2 s, 8.9-9.3 in groups of 4 s; see
 * performance-history.md). The price: under load a visit reaches the visit log up to this long
 * after its batch; light traffic costs little either way and is written within a second. A batch
 * after a quiet spell, a full group, and an urgent batch (someone waits for it: a flush,
 * shutdown) go at once.
 */
export const GROUP_EVERY_MS = 4000;
export const LIGHT_GROUP_EVERY_MS = 1000;
export const HEAVY_GROUP = 10_000;

/** How long after the last group the next may start, the last holding `visits`. */
export const groupDelay = (visits: number) =>
  visits < HEAVY_GROUP ? LIGHT_GROUP_EVERY_MS : GROUP_EVERY_MS;

/**
 * Visits written in one transaction at most: GROUP_EVERY_MS of visits at 20,000 a second. Under
 * load, batches arrive faster than they are committed; written together, each page they touch
 * (a share's place in the visits index) goes to the WAL once per group instead of once per batch.
 * Bounded because the group holds SQLite's write lock while it is written, and the API's own
 * writes (a new link) wait for it.
 */
export const MAX_GROUP_ROWS = 80_000;

/** How long visits may wait for their roll-up, `waiting` of them. */
export const rollUpDelay = (waiting: number) => (waiting < ROLL_UP_LIGHT ? 1000 : ROLL_UP_EVERY_MS);

const lastVisitId = async (db: SqlRunner) =>
  Number(((await db.query('SELECT COALESCE(MAX(id), 0) AS id FROM visits', [])) as Row[])[0].id);

/** The last visit id in the rollups; null where every batch is rolled up as it is stored. */
export async function storedMark(db: SqlRunner): Promise<number | null> {
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
 * The writer thread's side of the mark: it stores visits, and rolls up the visits past the mark.
 * It counts the visits it stores past the mark as it stores them (see PendingRollups), so a
 * roll-up takes them from memory instead of reading them back (~4 µs a visit). They are trusted
 * only while they are exactly the visits past the mark: the mark is where they began, the last
 * visit id where they ended. Anything else (a restart, another writer on the file, a transaction
 * that failed: the caller says so with `forget`) reads back as before. Every method but `forget`
 * runs in the caller's transaction.
 */
export class VisitsPastMark {
  private pending: { from: number; to: number; tallies: PendingRollups } | null = null;

  /**
   * Stores the visits (see storeVisitsOf), not rolled up yet; `stored` is told each one stored
   * (its place in the source). Returns how many were stored.
   */
  async store(
    db: SqlRunner,
    source: VisitSource,
    stored: (i: number) => void = () => undefined,
  ): Promise<number> {
    const before = await lastVisitId(db);
    // Counted on, or begun afresh when nothing waits past the mark (read before storing: a database
    // without a mark takes every visit it has as rolled up).
    const counted =
      this.pending?.to === before
        ? this.pending
        : (await markOf(db)) === before
          ? { from: before, to: before, tallies: new PendingRollups() }
          : null;
    let n = 0;
    await storeVisitsOf(db, source, (row, i) => {
      counted?.tallies.add(row);
      stored(i);
      n++;
    });
    if (counted) counted.to = await lastVisitId(db);
    this.pending = counted;
    return n;
  }

  /**
   * After a transaction that failed: what it counted was never stored, and another writer may
   * store visits under the same ids, so the next roll-up reads back what lies past the mark.
   */
  forget(): void {
    this.pending = null;
  }

  /** Stores the visits and rolls up everything past the mark with them (see store). */
  async storeAndRollUp(
    db: SqlRunner,
    source: VisitSource,
    stored?: (i: number) => void,
  ): Promise<number> {
    const n = await this.store(db, source, stored);
    while ((await this.rollUp(db)) === ROLL_UP_AT_MOST);
    return n;
  }

  /**
   * Rolls up the visits past the mark: from what was counted, if they are all of them, else (at
   * most ROLL_UP_AT_MOST) read back. Returns how many it rolled up.
   */
  async rollUp(db: SqlRunner): Promise<number> {
    const daysTo = await foldClosedHours(db);
    const counted = this.pending;
    this.pending = null;
    if (!counted || counted.from !== (await markOf(db)) || counted.to !== (await lastVisitId(db))) {
      return rollUpPastMark(db, daysTo);
    }
    // As read back: not the visits of shares deleted since (theirs went with them).
    const pending = counted.tallies;
    const counts = pending.countsByShare();
    const live = await existingIds(db, 'links', [...counts.keys()]);
    for (const id of counts.keys()) if (!live.has(id)) counts.delete(id);
    pending.keepOnly(live);
    await addVisitCounts(db, counts);
    const fresh = await recordVisitors(db, pending.visitorKeys());
    await addToRollups(db, pending.rows(fresh, daysTo));
    await setMark(db, counted.to);
    this.pending = { from: counted.to, to: counted.to, tallies: new PendingRollups() };
    return sumOf(counts);
  }
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
async function rollUpPastMark(db: SqlRunner, daysTo: number): Promise<number> {
  const mark = await markOf(db);
  const rows = (await db.query(
    'SELECT id, link_id, account_id, at, is_bot, qr, referrer_host, country, browser, os, ' +
      'device, language, visitor_hash, variant, utm_source, utm_medium, utm_campaign ' +
      `FROM visits WHERE id > ? ORDER BY id LIMIT ${ROLL_UP_AT_MOST}`,
    [mark],
  )) as Row[];
  if (rows.length === 0) return 0;
  // In share order, arrival order within a share (the sort is stable), as the batches are.
  const visits = rows.map(fromRow).sort((a, b) => a.linkId - b.linkId);
  const to = Number(rows[rows.length - 1].id);
  await addVisitCounts(db, countsByShare(visits));
  await rollUpVisits(db, partsOf(visits), daysTo);
  await setMark(db, to);
  // What was read, not rolled up: the caller reads on while a full part came back.
  return rows.length;
}

function sumOf(counts: Map<number, number>): number {
  let n = 0;
  for (const c of counts.values()) n += c;
  return n;
}

const text = (v: unknown) => (typeof v === 'string' ? v : null);

/** A stored visit as the rollups take it (`at` is stored as UTC `YYYY-MM-DD HH:MM:SS.sss`). */
function fromRow(r: Row): RollupVisit {
  return {
    linkId: Number(r.link_id),
    accountId: Number(r.account_id),
    at: new Date(`${String(r.at).replace(' ', 'T')}Z`),
    isBot: Boolean(Number(r.is_bot)),
    qr: Boolean(Number(r.qr)),
    visitorHash: String(r.visitor_hash),
    referrerHost: text(r.referrer_host),
    country: text(r.country),
    browser: text(r.browser),
    os: text(r.os),
    device: String(r.device) as RollupVisit['device'],
    language: text(r.language),
    variant: text(r.variant),
    utmSource: text(r.utm_source),
    utmMedium: text(r.utm_medium),
    utmCampaign: text(r.utm_campaign),
  };
}
