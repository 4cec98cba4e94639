// Writes visit batches to the SQLite file from a thread of its own: better-sqlite3 is
// synchronous, and thousands of inserts a second on the main thread would stall redirects.
import Database from 'better-sqlite3';
import { parentPort, workerData } from 'node:worker_threads';
import type { VisitRow } from './rollup';
import type { SqlRunner } from './batch-sql';
import { pruneVisitorDays, writeVisitBatch } from './visit-batch';

type Job = { id: number; rows: VisitRow[] } | { id: number; pruneBefore: number };

const { file } = workerData as { file: string };
const db = new Database(file, { timeout: 5000 });
db.pragma('journal_mode = WAL');
db.pragma('synchronous = NORMAL');
db.pragma('foreign_keys = ON');
const statements = new Map<string, Database.Statement>();
const runner: SqlRunner = {
  mysql: false,
  query(sql, params) {
    let statement = statements.get(sql);
    if (!statement) statements.set(sql, (statement = db.prepare(sql)));
    return Promise.resolve(statement.reader ? statement.all(params) : statement.run(params));
  },
};

async function run(job: Job): Promise<number> {
  db.exec('BEGIN IMMEDIATE');
  try {
    const stored =
      'rows' in job
        ? await writeVisitBatch(runner, job.rows)
        : (await pruneVisitorDays(runner, job.pruneBefore), 0);
    db.exec('COMMIT');
    return stored;
  } catch (e) {
    if (db.inTransaction) db.exec('ROLLBACK');
    throw e;
  }
}

// One job at a time: a transaction must not interleave with the next one's statements.
let queue = Promise.resolve();
parentPort!.on('message', (job: Job) => {
  queue = queue.then(() =>
    run(job).then(
      (stored) => parentPort!.postMessage({ id: job.id, stored, error: null }),
      (e: unknown) =>
        parentPort!.postMessage({ id: job.id, error: e instanceof Error ? e.message : String(e) }),
    ),
  );
});
