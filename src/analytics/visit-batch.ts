import {
  dayOf,
  mergeRollup,
  rollUp,
  RollupRow,
  rollupKey,
  tallyFromJson,
  tallyToJson,
  VisitRow,
} from './rollup';

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
  await addToRollups(db, rollUp(fresh, await firstVisitsOfDay(db, fresh)));
  return fresh.length;
}

/** Deletes the visitors of days before `day`: their salt is gone, they can never match again. */
export async function pruneVisitorDays(db: SqlRunner, day: number): Promise<void> {
  await db.query('DELETE FROM visitor_days WHERE day < ?', [day]);
}

/** TypeORM's own formats: MySQL gets the Date (the pool's zone is UTC), SQLite a UTC string. */
function atValue(db: SqlRunner, at: Date): Date | string {
  if (db.mysql) return at;
  const iso = at.toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 23)}`;
}

function visitValues(db: SqlRunner, r: VisitRow): unknown[] {
  return [
    r.linkId,
    r.accountId,
    r.domainId,
    r.kind,
    atValue(db, r.at),
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
  ];
}

/**
 * Merges the batch into the stored `visit_rollups` rows: read (locked on MySQL, where two
 * instances may write the same row; SQLite writers take turns anyway), merged, written back.
 */
async function addToRollups(db: SqlRunner, rows: RollupRow[]): Promise<void> {
  const stored = new Map<string, RollupRow>();
  for (let i = 0; i < rows.length; i += KEYS_PER_SELECT) {
    const chunk = rows.slice(i, i + KEYS_PER_SELECT);
    const links = [...new Set(chunk.map((d) => d.linkId))];
    const starts = [...new Set(chunk.map((d) => d.start))];
    const sql =
      'SELECT link_id, span, start, bot, account_id, visits, uniques, quarters, counts ' +
      `FROM visit_rollups WHERE link_id IN (${marks(links.length)}) ` +
      `AND start IN (${marks(starts.length)})${db.mysql ? ' FOR UPDATE' : ''}`;
    for (const r of (await db.query(sql, [...links, ...starts])) as Row[]) {
      const row: RollupRow = {
        linkId: Number(r.link_id),
        accountId: Number(r.account_id),
        span: r.span as 'h' | 'd',
        start: Number(r.start),
        bot: Boolean(Number(r.bot)),
        visits: Number(r.visits),
        uniques: Number(r.uniques),
        quarters:
          r.quarters === null ? null : (JSON.parse(r.quarters as string) as [number, number][]),
        counts: tallyFromJson(r.counts as string),
      };
      stored.set(rollupKey(row), row);
    }
  }
  const keys = ['link_id', 'span', 'start', 'bot'];
  const values = ['account_id', 'visits', 'uniques', 'quarters', 'counts'];
  await insert(
    db,
    'visit_rollups',
    [...keys, ...values],
    rows.map((add) => {
      const before = stored.get(rollupKey(add));
      const r = before ? mergeRollup(before, add) : add;
      const quarters = r.quarters && JSON.stringify(r.quarters);
      return [
        r.linkId,
        r.span,
        r.start,
        +r.bot,
        r.accountId,
        r.visits,
        r.uniques,
        quarters,
        tallyToJson(r.counts),
      ];
    }),
    db.mysql
      ? ` ON DUPLICATE KEY UPDATE ${values.map((c) => `${c} = VALUES(${c})`).join(', ')}`
      : ` ON CONFLICT (${keys.join(', ')}) DO UPDATE SET ${values.map((c) => `${c} = excluded.${c}`).join(', ')}`,
  );
}

const marks = (n: number) => Array<string>(n).fill('?').join(',');

async function insert(
  db: SqlRunner,
  table: string,
  columns: string[],
  values: unknown[][],
  suffix: string,
): Promise<void> {
  for (let i = 0; i < values.length; i += ROWS_PER_STATEMENT) {
    const n = Math.min(ROWS_PER_STATEMENT, values.length - i);
    const params: unknown[] = [];
    for (let j = i; j < i + n; j++) for (const v of values[j]) params.push(v);
    await db.query(insertSql(table, columns, n, suffix), params);
  }
}

const statements = new Map<string, string>();
/** The text of an n-row INSERT, made once (thousands of batches repeat a few shapes). */
function insertSql(table: string, columns: string[], n: number, suffix: string): string {
  const key = `${table} ${n} ${suffix}`;
  let sql = statements.get(key);
  if (sql === undefined) {
    const tuple = `(${columns.map(() => '?').join(',')})`;
    sql = `INSERT INTO ${table} (${columns.join(',')}) VALUES ${Array<string>(n).fill(tuple).join(',')}${suffix}`;
    statements.set(key, sql);
  }
  return sql;
}

/**
 * Leaves out stream entries stored already, and records the others' ids in the same transaction:
 * if another instance stores one of them at the same time, one of the two transactions fails on
 * the key and its batch is tried again, without it.
 */
async function notStoredYet(db: SqlRunner, rows: VisitRow[]): Promise<VisitRow[]> {
  const ids = [...new Set(rows.flatMap((r) => (r.eventId ? [r.eventId] : [])))];
  if (ids.length === 0) return rows;
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

/** Forgets stream ids stored before `before`: entries are long acknowledged by then. */
export async function pruneEvents(db: SqlRunner, before: Date): Promise<void> {
  await db.query('DELETE FROM visit_events WHERE stored_at < ?', [atValue(db, before)]);
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
