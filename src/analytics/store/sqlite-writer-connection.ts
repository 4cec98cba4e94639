import Database from 'better-sqlite3';
import type { SqlRunner } from './sql/batch-sql';

/** The visit writer thread's own connection to the SQLite file: plain SQL and transactions. */
export interface WriterConnection {
  runner: SqlRunner;
  inTransaction<T>(work: () => Promise<T>): Promise<T>;
  close(): void;
}

export function openWriterConnection(file: string): WriterConnection {
  const db = new Database(file, { timeout: 5000 });
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  // 64 MiB of pages (SQLite's default is 2): a group's visits touch each share's place in the
  // visits indexes and its visitors of the day, and with millions of visits stored those pages
  // were read again from the OS for every group (a visit's insert: 6.2 µs at 1.3 M visits, 4.5
  // with these).
  db.pragma('cache_size = -65536');
  // Each SQL text is prepared once: a few shapes repeat for every batch.
  const statements = new Map<string, Database.Statement>();
  // The same texts, answering the first column of each row (only a statement with rows can).
  const plucking = new Map<string, Database.Statement>();
  const prepared = (sql: string, pluck: boolean) => {
    const cache = pluck ? plucking : statements;
    let statement = cache.get(sql);
    if (!statement) {
      statement = db.prepare(sql);
      cache.set(sql, pluck && statement.reader ? statement.pluck() : statement);
    }
    return statement;
  };
  const runner: SqlRunner = {
    mysql: false,
    query(sql, params) {
      const statement = prepared(sql, false);
      return Promise.resolve(statement.reader ? statement.all(params) : statement.run(params));
    },
    pluck(sql, params) {
      const statement = prepared(sql, true);
      if (statement.reader) return Promise.resolve(statement.all(params));
      statement.run(params);
      return Promise.resolve([]);
    },
  };
  async function inTransaction<T>(work: () => Promise<T>): Promise<T> {
    db.exec('BEGIN IMMEDIATE');
    try {
      const result = await work();
      db.exec('COMMIT');
      return result;
    } catch (e) {
      if (db.inTransaction) db.exec('ROLLBACK');
      throw e;
    }
  }
  return { runner, inTransaction, close: () => db.close() };
}
