import type { DataSource } from 'typeorm';
import { LOCK_WAIT_TIMEOUT } from '../../common/errors/transient-db-error';

interface Connection {
  inTransaction: boolean;
  exec(sql: string): unknown;
  pragma(sql: string, options?: { simple: boolean }): unknown;
}
type Query = (sql: string, params?: unknown[], structured?: boolean) => Promise<unknown>;
interface Runner {
  query: Query;
  isTransactionActive: boolean;
  getStmt(sql: string): Promise<{ readonly: boolean }>;
}

/**
 * For `save()`, which otherwise wraps even one INSERT in a transaction of its own: on SQLite only
 * the group commit opens them (two opened at once would share TypeORM's one transaction state).
 */
export const NO_TRANSACTION = { transaction: false } as const;

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * SQLite lets one connection write at a time, and the visit writer thread holds the lock for a
 * batch (100-200 ms under load). SQLite's own wait for it (the busy timeout) sleeps on the calling
 * thread: on the main connection every request stalled behind any API write; two instances in one
 * process waited on each other until the timeout. Here the main connection never waits that way:
 * - a transaction takes the lock when it starts (BEGIN IMMEDIATE), trying again between turns of
 *   the event loop until `waitMs` has passed; taking it late, with a read already done, would
 *   instead fail at once (SQLITE_BUSY_SNAPSHOT) whenever the thread had committed meanwhile;
 * - a write outside any transaction goes through `inTurn` (the group commit), which starts one.
 * Reads never wait for the lock (WAL).
 */
export function awaitSqliteWriteLock(
  db: DataSource,
  inTurn: <T>(write: () => Promise<T>) => Promise<T>,
  waitMs: number,
): void {
  if (db.options.type !== 'better-sqlite3') return;
  const runner = db.driver.createQueryRunner('master') as unknown as Runner;
  const conn = (db.driver as unknown as { databaseConnection: Connection }).databaseConnection;
  const busyMs = Number(conn.pragma('busy_timeout', { simple: true }));
  const query = runner.query.bind(runner);

  const begin = async (): Promise<void> => {
    const deadline = Date.now() + waitMs;
    for (let wait = 1; ; wait = Math.min(wait * 2, 10)) {
      conn.pragma('busy_timeout = 0');
      try {
        conn.exec('BEGIN IMMEDIATE');
        return;
      } catch (e) {
        // Plain BUSY, or an extended code such as BUSY_RECOVERY (another process recovering).
        if (!String((e as { code?: string }).code).startsWith('SQLITE_BUSY')) throw e;
      } finally {
        conn.pragma(`busy_timeout = ${busyMs}`);
      }
      if (Date.now() >= deadline) {
        const message = `the database stayed locked for writing over ${waitMs} ms`;
        throw Object.assign(new Error(message), { code: LOCK_WAIT_TIMEOUT });
      }
      await pause(wait);
    }
  };

  runner.query = async (sql, params, structured) => {
    // TypeORM's text for the outermost transaction (inner ones are savepoints).
    if (sql === 'BEGIN TRANSACTION') {
      // TypeORM marks the transaction active before it begins, and leaves it so on a failure.
      return begin().catch((e) => {
        runner.isTransactionActive = false;
        throw e;
      });
    }
    if (!conn.inTransaction && !(await runner.getStmt(sql)).readonly) {
      return inTurn(() => query(sql, params, structured));
    }
    return query(sql, params, structured);
  };
}
