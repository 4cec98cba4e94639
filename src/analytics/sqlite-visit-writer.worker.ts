// Writes visit batches to the SQLite file from a thread of its own: better-sqlite3 is
// synchronous, and thousands of inserts a second on the main thread would stall redirects.
import Database from 'better-sqlite3';
import { parentPort, workerData } from 'node:worker_threads';
import type { VisitRow } from './rollup';
import type { SqlRunner } from './batch-sql';
import { pruneVisitorDays, writeVisitBatch } from './visit-batch';

type WriteJob = { id: number; rows: VisitRow[]; urgent: boolean };
type Job = WriteJob | { id: number; pruneBefore: number };

/**
 * Visits written in one transaction at most. Under load, batches arrive faster than they are
 * committed; written together, each page they touch (a share's rollup rows, its place in the
 * visits index) goes to the WAL once per group instead of once per batch: with 10,000 shares
 * visited at random, ~60 instead of ~100 µs per visit here.
 */
const MAX_GROUP_ROWS = 20_000;

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

const answer = (id: number, stored: number) => parentPort!.postMessage({ id, stored, error: null });
const fail = (id: number, e: unknown) =>
  parentPort!.postMessage({ id, error: e instanceof Error ? e.message : String(e) });

/** The batches in one transaction; if that fails, each on its own, so only a bad one fails. */
async function writeGroup(jobs: WriteJob[]): Promise<void> {
  try {
    const stored = new Set(
      await inTransaction(() =>
        writeVisitBatch(
          runner,
          jobs.flatMap((j) => j.rows),
        ),
      ),
    );
    for (const job of jobs) answer(job.id, job.rows.filter((r) => stored.has(r)).length);
  } catch (e) {
    if (jobs.length === 1) return fail(jobs[0].id, e);
    for (const job of jobs) await writeGroup([job]);
  }
}

/** The write jobs at the front of `waiting`, up to MAX_GROUP_ROWS (at least one). */
function takeGroup(waiting: Job[]): WriteJob[] {
  const group: WriteJob[] = [];
  let rows = 0;
  while (waiting.length > 0 && 'rows' in waiting[0]) {
    if (group.length > 0 && rows + waiting[0].rows.length > MAX_GROUP_ROWS) break;
    const job = waiting.shift() as WriteJob;
    rows += job.rows.length;
    group.push(job);
  }
  return group;
}

/**
 * While batches keep coming a group starts at most this often. A commit writes every page its
 * visits touched, and with many shares visited that is nearly every rollup page whether the group
 * holds 1,000 visits or 5,000, so fewer, bigger groups write less per visit (~30% less writer
 * time here at 10,000 visits/s). A batch after a quiet spell, a full group, and an urgent batch
 * (someone waits for it: a flush, shutdown) go at once.
 */
const GROUP_EVERY_MS = 500;

// One transaction at a time. Every statement answers synchronously, so no message arrives while
// a group is written: those that came meanwhile are all waiting when the next turn starts.
const waiting: Job[] = [];
let running = false;
let lastGroupAt = -Infinity;
let timer: NodeJS.Timeout | undefined;

/** Whether an urgent batch or a full group waits: then there is no reason to wait for more. */
function readyNow(): boolean {
  let rows = 0;
  for (const job of waiting) {
    if (!('rows' in job)) continue;
    if (job.urgent) return true;
    rows += job.rows.length;
  }
  return rows >= MAX_GROUP_ROWS;
}

function schedule(): void {
  const wait = readyNow() ? 0 : lastGroupAt + GROUP_EVERY_MS - performance.now();
  // At least a turn later, so the batches sent together are all here.
  if (wait <= 0) setImmediate(() => void runNext());
  else timer = setTimeout(() => void runNext(), wait);
}

async function runNext(): Promise<void> {
  timer = undefined;
  lastGroupAt = performance.now();
  try {
    const group = takeGroup(waiting);
    if (group.length > 0) {
      await writeGroup(group);
    } else {
      const job = waiting.shift() as { id: number; pruneBefore: number };
      await inTransaction(() => pruneVisitorDays(runner, job.pruneBefore)).then(
        () => answer(job.id, 0),
        (e: unknown) => fail(job.id, e),
      );
    }
  } finally {
    running = waiting.length > 0;
    if (running) schedule();
  }
}

parentPort!.on('message', (job: Job) => {
  waiting.push(job);
  if (!running) {
    running = true;
    schedule();
  } else if (timer && readyNow()) {
    clearTimeout(timer);
    schedule();
  }
});
