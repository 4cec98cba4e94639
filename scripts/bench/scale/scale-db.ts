// The bench's own connection to the database it fills: plain SQL, and the few expressions that
// SQLite and MySQL spell differently, so one text of each bulk statement serves both.
import Database from 'better-sqlite3';
import { statSync } from 'node:fs';
import mysql from 'mysql2/promise';

export interface ScaleDb {
  readonly kind: 'sqlite' | 'mysql';
  run(sql: string, params?: unknown[]): Promise<void>;
  all<T>(sql: string, params?: unknown[]): Promise<T[]>;
  /** `a || b` (SQLite) or `CONCAT(a, b)` (MySQL). */
  cat(...parts: string[]): string;
  /** Unix seconds as the service stores a time. */
  time(seconds: string): string;
  /** Integer division. */
  div(a: string, b: string | number): string;
  /** A number as 16 hex digits (a visitor hash). */
  hex16(n: string): string;
  /** Bytes on disk: the file (and its WAL), or the schema's data and indexes. */
  bytes(): Promise<number>;
  close(): Promise<void>;
}

export function openSqlite(file: string): ScaleDb {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  // Bulk loading: a lost load is simply made again.
  db.pragma('synchronous = OFF');
  db.pragma('cache_size = -262144');
  return {
    kind: 'sqlite',
    run: (sql, params = []) => Promise.resolve(void db.prepare(sql).run(params)),
    all: <T>(sql: string, params: unknown[] = []) =>
      Promise.resolve(db.prepare(sql).all(params) as T[]),
    cat: (...parts) => `(${parts.map((p) => `(${p})`).join(' || ')})`,
    time: (s) => `strftime('%Y-%m-%d %H:%M:%f', ${s}, 'unixepoch')`,
    div: (a, b) => `(${a} / ${b})`,
    hex16: (n) => `printf('%016x', ${n})`,
    bytes: () => {
      db.pragma('wal_checkpoint(TRUNCATE)');
      return Promise.resolve(statSync(file).size);
    },
    close: () => Promise.resolve(void db.close()),
  };
}

export async function openMysql(url: string, database: string): Promise<ScaleDb> {
  const conn = await mysql.createConnection({ uri: url, database, timezone: 'Z' });
  // The numbers of a bulk statement come from a recursive CTE (MariaDB and MySQL cap its depth).
  for (const sql of [
    'SET SESSION max_recursive_iterations = 100000000',
    'SET SESSION cte_max_recursion_depth = 100000000',
  ]) {
    await conn.query(sql).catch(() => undefined);
  }
  await conn.query("SET SESSION time_zone = '+00:00'");
  return {
    kind: 'mysql',
    run: async (sql, params = []) => void (await conn.query(sql, params)),
    all: async <T>(sql: string, params: unknown[] = []) =>
      (await conn.query(sql, params))[0] as T[],
    cat: (...parts) => `CONCAT(${parts.join(', ')})`,
    time: (s) => `FROM_UNIXTIME(${s})`,
    div: (a, b) => `(${a} DIV ${b})`,
    hex16: (n) => `LPAD(LOWER(HEX(${n})), 16, '0')`,
    bytes: async () => {
      await conn.query('ANALYZE TABLE links, visits, visit_rollups, texts, files, link_tags');
      const [rows] = await conn.query(
        'SELECT SUM(data_length + index_length) AS bytes FROM information_schema.tables ' +
          'WHERE table_schema = ?',
        [database],
      );
      return Number((rows as { bytes: string }[])[0].bytes);
    },
    close: () => conn.end(),
  };
}

/** `WITH RECURSIVE n(i)` from `from` to `to`: the numbers a bulk statement makes rows of. */
export const numbers = (from: number, to: number) =>
  `WITH RECURSIVE n(i) AS (SELECT ${from} UNION ALL SELECT i + 1 FROM n WHERE i < ${to})`;
