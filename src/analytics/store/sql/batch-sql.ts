// Plain SQL for the visit batches, the same on SQLite (in the writer thread) and MySQL.

/** The little a batch needs of a database: plain SQL, with rows back from a SELECT. */
export interface SqlRunner {
  readonly mysql: boolean;
  query(sql: string, params: unknown[]): Promise<unknown>;
  /** The first column of each row answered, without an object per row (where the driver can). */
  pluck?(sql: string, params: unknown[]): Promise<unknown[]>;
}

export type Row = Record<string, unknown>;

/** Fixed-size statements repeat their SQL text, so drivers reuse the prepared statement. */
export const ROWS_PER_STATEMENT = 100;
/** Keys per `IN (...)` list. */
export const KEYS_PER_SELECT = 400;

/** TypeORM's own formats: MySQL gets the Date (the pool's zone is UTC), SQLite a UTC string. */
export function atValue(db: SqlRunner, at: Date): Date | string {
  return db.mysql ? at : sqliteTime(at.getTime());
}

/** `YYYY-MM-DD HH:MM:SS.` by second: a group's visits fall in a few seconds. */
const secondPrefixes = new Map<number, string>();

/**
 * `YYYY-MM-DD HH:MM:SS.sss` in UTC. Visits are stored thousands a second, and toISOString and
 * two slices per visit cost ~0.5 µs; the second's prefix is made once.
 */
function sqliteTime(ms: number): string {
  const second = Math.floor(ms / 1000);
  let prefix = secondPrefixes.get(second);
  if (prefix === undefined) {
    const iso = new Date(second * 1000).toISOString();
    prefix = `${iso.slice(0, 10)} ${iso.slice(11, 20)}`;
    if (secondPrefixes.size >= 64) secondPrefixes.clear();
    secondPrefixes.set(second, prefix);
  }
  const milli = ms - second * 1000;
  return prefix + (milli < 10 ? '00' : milli < 100 ? '0' : '') + milli;
}

export const marks = (n: number) => Array<string>(n).fill('?').join(',');

/**
 * `(a, b) IN (...)` for n exact keys, each one index seek. An IN list per column would make the
 * database try every combination (400 shares by 400 visitors: 160,000 seeks, and rows nobody
 * asked for). SQLite takes the row values from a VALUES list, MySQL from a list of tuples.
 */
export function keysIn(db: SqlRunner, columns: string[], n: number): string {
  const list = Array<string>(n)
    .fill(`(${marks(columns.length)})`)
    .join(',');
  return `(${columns.join(', ')}) IN (${db.mysql ? '' : 'VALUES '}${list})`;
}

/** Which of `ids` are ids of `table` (rows may have gone since they were referred to). */
export async function existingIds(
  db: SqlRunner,
  table: string,
  ids: number[],
): Promise<Set<number>> {
  const found = new Set<number>();
  for (let i = 0; i < ids.length; i += KEYS_PER_SELECT) {
    const chunk = ids.slice(i, i + KEYS_PER_SELECT);
    const sql = `SELECT id FROM ${table} WHERE id IN (${marks(chunk.length)})`;
    for (const r of (await db.query(sql, chunk)) as Row[]) found.add(Number(r.id));
  }
  return found;
}

/** Whether a foreign key refused a row: SQLite's code, or MySQL's (through TypeORM too). */
export function refusedByForeignKey(e: unknown): boolean {
  const { code, driverError } = e as { code?: unknown; driverError?: { code?: unknown } };
  return [code, driverError?.code].some(
    (c) => c === 'SQLITE_CONSTRAINT_FOREIGNKEY' || c === 'ER_NO_REFERENCED_ROW_2',
  );
}

/** Inserts the rows, 100 a statement; the rows a `RETURNING` suffix answers, if it has one. */
export async function insert(
  db: SqlRunner,
  table: string,
  columns: string[],
  values: unknown[][],
  suffix: string,
): Promise<Row[]> {
  const returned: Row[] = [];
  for (let i = 0; i < values.length; i += ROWS_PER_STATEMENT) {
    const n = Math.min(ROWS_PER_STATEMENT, values.length - i);
    // Its exact size: grown by push, a 100-row insert's copies were most of the writer's garbage.
    const params = new Array<unknown>(n * columns.length);
    let p = 0;
    for (let j = i; j < i + n; j++) for (const v of values[j]) params[p++] = v;
    const answer = await db.query(insertSql(table, columns, n, suffix), params);
    if (Array.isArray(answer)) for (const r of answer as Row[]) returned.push(r);
  }
  return returned;
}

/**
 * Inserts one-column rows, 100 a statement, straight from `values`; answers the first column of
 * the rows a `RETURNING` suffix answers (none without one). A row and an answer object for each of a roll-up's
 * hundreds of thousands of visitors cost the writer ~0.4 µs a visitor.
 */
export async function insertColumn(
  db: SqlRunner,
  table: string,
  column: string,
  values: unknown[],
  suffix: string,
): Promise<unknown[]> {
  const returned: unknown[] = [];
  for (let i = 0; i < values.length; i += ROWS_PER_STATEMENT) {
    const chunk = values.slice(i, i + ROWS_PER_STATEMENT);
    const sql = insertSql(table, [column], chunk.length, suffix);
    if (db.pluck) {
      for (const v of await db.pluck(sql, chunk)) returned.push(v);
      continue;
    }
    // Rows for a RETURNING suffix; a driver's summary of the insert without one.
    const answer = await db.query(sql, chunk);
    if (Array.isArray(answer)) for (const r of answer as Row[]) returned.push(Object.values(r)[0]);
  }
  return returned;
}

/** Inserts `n` rows (at most ROWS_PER_STATEMENT) in one statement, their values one flat list. */
export async function insertFlat(
  db: SqlRunner,
  table: string,
  columns: string[],
  n: number,
  params: unknown[],
): Promise<void> {
  await db.query(insertSql(table, columns, n, ''), params);
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
