import {
  atValue,
  existingIds,
  insert,
  insertFlat,
  KEYS_PER_SELECT,
  marks,
  refusedByForeignKey,
  Row,
  ROWS_PER_STATEMENT,
  SqlRunner,
} from './batch-sql';
import type { VisitRow } from '../../rollups/rollup';
import { partsOf, rollUpVisits } from './roll-up-visits';
import { addVisitCounts, countsByShare } from './visit-counts';
import { foldClosedHours } from './day-rows';

const VISIT_COLUMNS = [
  'link_id',
  'account_id',
  'domain_id',
  'kind',
  'at',
  'is_bot',
  'qr',
  'referrer_host',
  'referrer_url',
  'country',
  'browser',
  'os',
  'device',
  'language',
  'visitor_hash',
  'variant',
  'utm_source',
  'utm_medium',
  'utm_campaign',
];

/**
 * Stores a batch of visits and adds it to the rollups and the shares' counts; the caller holds
 * the transaction, so a batch is stored whole or not at all. Returns the visits stored (see
 * storeVisits).
 */
export async function writeVisitBatch(db: SqlRunner, rows: VisitRow[]): Promise<VisitRow[]> {
  // First: on MySQL the days' mark is the first lock a batch takes (see day-rows.ts).
  const daysTo = await foldClosedHours(db);
  const fresh = inShareOrder(await notStoredYet(db, rows));
  // The shares' rows first: the visits' foreign keys then check rows this transaction already
  // holds, and two MySQL writers queue on a hot share instead of deadlocking over it.
  await addVisitCounts(db, countsByShare(fresh));
  const stored = await insertInOrder(db, fresh);
  await rollUpVisits(db, partsOf(stored), daysTo);
  return stored;
}

/**
 * Visits to store, each made into its row only when asked (see storeVisitsOf): a group's visits
 * come as columns.
 */
export interface VisitSource {
  readonly size: number;
  linkIdOf(i: number): number;
  rowOf(i: number): VisitRow;
}

export const rowsSource = (rows: VisitRow[]): VisitSource => ({
  size: rows.length,
  linkIdOf: (i) => rows[i].linkId,
  rowOf: (i) => rows[i],
});

/**
 * Stores the visits, not their rollups or counts. Visits whose event id is already stored are
 * skipped (a redelivered stream entry), and so are visits of shares deleted since. Returns the
 * visits stored, in the order they were stored.
 */
export async function storeVisits(db: SqlRunner, rows: VisitRow[]): Promise<VisitRow[]> {
  const stored: VisitRow[] = [];
  await storeVisitsOf(db, rowsSource(rows), (row) => stored.push(row));
  return stored;
}

/**
 * Stores the visits as storeVisits does, in share order a statement at a time, each statement's
 * rows made just before it: made all at once, a group's tens of thousands of visits lived through
 * its whole transaction, and young-generation collections copied them into the old one, there
 * to die. Calls `stored` with each visit stored and its place in the source.
 */
export async function storeVisitsOf(
  db: SqlRunner,
  source: VisitSource,
  stored: (row: VisitRow, i: number) => void,
): Promise<void> {
  const order = shareOrderOf(source);
  for (let k = 0; k < order.length; k += ROWS_PER_STATEMENT) {
    const places = order.subarray(k, k + ROWS_PER_STATEMENT);
    const rows = Array.from(places, (i) => source.rowOf(i));
    const live = await insertVisits(db, await notStoredYet(db, rows));
    // `live` is `rows` less some, in their order.
    for (let j = 0, l = 0; l < live.length; j++) {
      if (rows[j] === live[l]) stored(live[l++], places[j]);
    }
  }
}

/**
 * In share order (arrival order within a share): each share's entries in the visits index, its
 * visitors and its rollup rows are then written one after another instead of all over the
 * B-trees (the index inserts cost a third as much), and two MySQL writers lock rows in the same
 * order.
 */
function inShareOrder(rows: VisitRow[]): VisitRow[] {
  return Array.from(shareOrderOf(rowsSource(rows)), (i) => rows[i]);
}

/** The places of the source's visits in share order (see inShareOrder). */
function shareOrderOf(source: VisitSource): Uint32Array {
  // Buckets by share, then the shares sorted: a comparison sort of the visits cost ~0.3 µs a
  // visit, and this keeps arrival order within a share without relying on a stable sort.
  const byShare = new Map<number, number[]>();
  for (let i = 0; i < source.size; i++) {
    const id = source.linkIdOf(i);
    const bucket = byShare.get(id);
    if (bucket) bucket.push(i);
    else byShare.set(id, [i]);
  }
  const ids = Float64Array.from(byShare.keys()).sort();
  const order = new Uint32Array(source.size);
  let k = 0;
  for (const id of ids) for (const i of byShare.get(id)!) order[k++] = i;
  return order;
}

async function insertInOrder(db: SqlRunner, ordered: VisitRow[]): Promise<VisitRow[]> {
  const stored: VisitRow[] = [];
  for (let i = 0; i < ordered.length; i += ROWS_PER_STATEMENT) {
    stored.push(...(await insertVisits(db, ordered.slice(i, i + ROWS_PER_STATEMENT))));
  }
  return stored;
}

/**
 * One statement's visits, less those of shares deleted after they were visited (their stored
 * visits went with them). Their foreign key refuses the statement, which alone is undone, and
 * only then are the shares looked up: before every statement that cost ~0.7 µs a visit.
 */
async function insertVisits(db: SqlRunner, rows: VisitRow[]): Promise<VisitRow[]> {
  try {
    await insertFlat(db, 'visits', VISIT_COLUMNS, rows.length, visitParams(db, rows));
    return rows;
  } catch (e) {
    if (!refusedByForeignKey(e)) throw e;
  }
  const live = await ofLiveShares(db, rows);
  if (live.length > 0) {
    await insertFlat(db, 'visits', VISIT_COLUMNS, live.length, visitParams(db, live));
  }
  return live;
}

/** One statement's parameters, row after row (an array per row was most of the garbage). */
function visitParams(db: SqlRunner, rows: VisitRow[]): unknown[] {
  const params = new Array<unknown>(rows.length * VISIT_COLUMNS.length);
  let p = 0;
  for (const r of rows) {
    params[p++] = r.linkId;
    params[p++] = r.accountId;
    params[p++] = r.domainId;
    params[p++] = r.kind;
    params[p++] = atValue(db, r.at);
    params[p++] = +r.isBot;
    params[p++] = +r.qr;
    params[p++] = r.referrerHost;
    params[p++] = r.referrerUrl;
    params[p++] = r.country;
    params[p++] = r.browser;
    params[p++] = r.os;
    params[p++] = r.device;
    params[p++] = r.language;
    params[p++] = r.visitorHash;
    params[p++] = r.variant;
    params[p++] = r.utmSource;
    params[p++] = r.utmMedium;
    params[p++] = r.utmCampaign;
  }
  return params;
}

/**
 * Leaves out stream entries stored already, and records the others' ids in the same transaction:
 * if another instance stores one of them at the same time, one of the two transactions fails on
 * the key and its batch is tried again, without it.
 */
async function notStoredYet(db: SqlRunner, rows: VisitRow[]): Promise<VisitRow[]> {
  const unique = new Set<string>();
  for (const r of rows) if (r.eventId) unique.add(r.eventId);
  // Visits written by the SQLite writer thread without a stream have none.
  if (unique.size === 0) return rows;
  const ids = [...unique];
  const stored = new Set<string>();
  for (let i = 0; i < ids.length; i += KEYS_PER_SELECT) {
    const chunk = ids.slice(i, i + KEYS_PER_SELECT);
    const sql = `SELECT event_id FROM visit_events WHERE event_id IN (${marks(chunk.length)})`;
    for (const r of (await db.query(sql, chunk)) as Row[]) stored.add(String(r.event_id));
  }
  const fresh = rows.filter((r) => {
    if (!r.eventId) return true;
    if (stored.has(r.eventId)) return false;
    stored.add(r.eventId);
    return true;
  });
  const now = atValue(db, new Date());
  const events = fresh.flatMap((r) => (r.eventId ? [[r.eventId, now]] : []));
  await insert(db, 'visit_events', ['event_id', 'stored_at'], events, '');
  return fresh;
}

/** Leaves out the visits of shares deleted since. */
async function ofLiveShares(db: SqlRunner, rows: VisitRow[]): Promise<VisitRow[]> {
  const ids = [...new Set(rows.map((r) => r.linkId))];
  const live = await existingIds(db, 'links', ids);
  return live.size === ids.length ? rows : rows.filter((r) => live.has(r.linkId));
}

/** Forgets stream ids stored before `before`: entries are long acknowledged by then. */
export async function pruneEvents(db: SqlRunner, before: Date): Promise<void> {
  await db.query('DELETE FROM visit_events WHERE stored_at < ?', [atValue(db, before)]);
}
