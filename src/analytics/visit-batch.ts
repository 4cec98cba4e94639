import { dayOf, rollUp, VisitRow } from './rollup';

/** The little a batch needs of a database: plain SQL, with rows back from a SELECT. */
export interface SqlRunner {
  readonly mysql: boolean;
  query(sql: string, params: unknown[]): Promise<unknown>;
}

type Row = Record<string, unknown>;

/** Fixed-size statements repeat their SQL text, so drivers reuse the prepared statement. */
const ROWS_PER_STATEMENT = 100;
const KEYS_PER_SELECT = 400;

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
  'event_id',
];

/**
 * Stores a batch of visits and adds it to the rollups; the caller holds the transaction, so a
 * batch is stored whole or not at all. Visits whose event id is already stored are skipped (a
 * redelivered stream entry). Returns how many were stored.
 */
export async function writeVisitBatch(db: SqlRunner, rows: VisitRow[]): Promise<number> {
  const fresh = await notStoredYet(db, rows);
  if (fresh.length === 0) return 0;
  await insert(
    db,
    'visits',
    VISIT_COLUMNS,
    fresh.map((r) => visitValues(db, r)),
    '',
  );
  const { slots, dims } = rollUp(fresh, await firstVisitsOfDay(db, fresh));
  await insert(
    db,
    'visit_slots',
    ['link_id', 'slot', 'bot', 'account_id', 'visits', 'uniques'],
    slots.map((s) => [s.linkId, s.slot, +s.bot, s.accountId, s.visits, s.uniques]),
    adding(db, ['link_id', 'slot', 'bot'], ['visits', 'uniques']),
  );
  const dimKeys = ['link_id', 'span', 'start', 'bot', 'dimension', 'value'];
  await insert(
    db,
    'visit_dims',
    [...dimKeys, 'account_id', 'visits'],
    dims.map((d) => [
      d.linkId,
      d.span,
      d.start,
      +d.bot,
      d.dimension,
      d.value,
      d.accountId,
      d.visits,
    ]),
    adding(db, dimKeys, ['visits']),
  );
  return fresh.length;
}

/** Deletes the visitors of days before `day`: their salt is gone, they can never match again. */
export async function pruneVisitorDays(db: SqlRunner, day: number): Promise<void> {
  await db.query('DELETE FROM visitor_days WHERE day < ?', [day]);
}

function visitValues(db: SqlRunner, r: VisitRow): unknown[] {
  // TypeORM's own formats: MySQL gets the Date (the pool's zone is UTC), SQLite a UTC string.
  const at = db.mysql ? r.at : r.at.toISOString().replace('T', ' ').replace('Z', '');
  return [
    r.linkId,
    r.accountId,
    r.domainId,
    r.kind,
    at,
    +r.isBot,
    +r.qr,
    r.referrerHost,
    r.referrerUrl,
    r.country,
    r.browser,
    r.os,
    r.device,
    r.language,
    r.visitorHash,
    r.eventId,
  ];
}

/** The clause that adds `counts` to a row already stored under the same `keys`. */
function adding(db: SqlRunner, keys: string[], counts: string[]): string {
  if (db.mysql) {
    return ` ON DUPLICATE KEY UPDATE ${counts.map((c) => `${c} = ${c} + VALUES(${c})`).join(', ')}`;
  }
  const sets = counts.map((c) => `${c} = ${c} + excluded.${c}`).join(', ');
  return ` ON CONFLICT (${keys.join(', ')}) DO UPDATE SET ${sets}`;
}

async function insert(
  db: SqlRunner,
  table: string,
  columns: string[],
  values: unknown[][],
  suffix: string,
): Promise<void> {
  const tuple = `(${columns.map(() => '?').join(',')})`;
  for (let i = 0; i < values.length; i += ROWS_PER_STATEMENT) {
    const chunk = values.slice(i, i + ROWS_PER_STATEMENT);
    const sql = `INSERT INTO ${table} (${columns.join(',')}) VALUES ${chunk.map(() => tuple).join(',')}`;
    await db.query(sql + suffix, chunk.flat());
  }
}

async function notStoredYet(db: SqlRunner, rows: VisitRow[]): Promise<VisitRow[]> {
  const ids = [...new Set(rows.flatMap((r) => (r.eventId ? [r.eventId] : [])))];
  if (ids.length === 0) return rows;
  const stored = new Set<string>();
  for (let i = 0; i < ids.length; i += KEYS_PER_SELECT) {
    const chunk = ids.slice(i, i + KEYS_PER_SELECT);
    const sql = `SELECT event_id FROM visits WHERE event_id IN (${chunk.map(() => '?').join(',')})`;
    for (const r of (await db.query(sql, chunk)) as Row[]) stored.add(String(r.event_id));
  }
  const seen = new Set<string>();
  return rows.filter((r) => {
    if (!r.eventId) return true;
    if (stored.has(r.eventId) || seen.has(r.eventId)) return false;
    seen.add(r.eventId);
    return true;
  });
}

/** Whether each visit is its visitor's first of the UTC day to that share; records the new ones. */
async function firstVisitsOfDay(db: SqlRunner, rows: VisitRow[]): Promise<boolean[]> {
  const keyOf = (r: VisitRow) => `${dayOf(r.at)}|${r.linkId}|${r.visitorHash}`;
  const byDay = new Map<number, VisitRow[]>();
  for (const r of rows) {
    const day = dayOf(r.at);
    if (!byDay.has(day)) byDay.set(day, []);
    byDay.get(day)!.push(r);
  }
  const known = new Set<string>();
  for (const [day, dayRows] of byDay) {
    for (let i = 0; i < dayRows.length; i += KEYS_PER_SELECT) {
      const chunk = dayRows.slice(i, i + KEYS_PER_SELECT);
      const links = [...new Set(chunk.map((r) => r.linkId))];
      const hashes = [...new Set(chunk.map((r) => r.visitorHash))];
      const marks = (n: number) => Array(n).fill('?').join(',');
      const sql =
        `SELECT link_id, visitor_hash FROM visitor_days WHERE day = ? ` +
        `AND link_id IN (${marks(links.length)}) AND visitor_hash IN (${marks(hashes.length)})`;
      for (const r of (await db.query(sql, [day, ...links, ...hashes])) as Row[]) {
        known.add(`${day}|${Number(r.link_id)}|${String(r.visitor_hash)}`);
      }
    }
  }
  const fresh: unknown[][] = [];
  const first = rows.map((r) => {
    const key = keyOf(r);
    if (known.has(key)) return false;
    known.add(key);
    fresh.push([dayOf(r.at), r.linkId, r.visitorHash]);
    return true;
  });
  await insert(db, 'visitor_days', ['day', 'link_id', 'visitor_hash'], fresh, '');
  return first;
}
