// Writes visit batches to the SQLite file from a thread of its own: better-sqlite3 is
// synchronous, and thousands of inserts a second on the main thread would stall redirects.
import Database from 'better-sqlite3';
import { parentPort, workerData } from 'node:worker_threads';

const { file, sql } = workerData as { file: string; sql: string };
const db = new Database(file, { timeout: 5000 });
db.pragma('journal_mode = WAL');
db.pragma('synchronous = NORMAL');
db.pragma('foreign_keys = ON');
const insert = db.prepare(sql);
const insertAll = db.transaction((rows: unknown[][]) => {
  for (const row of rows) insert.run(row);
});

parentPort!.on('message', ({ id, rows }: { id: number; rows: unknown[][] }) => {
  try {
    insertAll(rows);
    parentPort!.postMessage({ id, error: null });
  } catch (e) {
    parentPort!.postMessage({ id, error: e instanceof Error ? e.message : String(e) });
  }
});
