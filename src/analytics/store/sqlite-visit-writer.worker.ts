// Writes visit batches to the SQLite file from a thread of its own: better-sqlite3 is
// synchronous, and thousands of inserts a second on the main thread would stall redirects.
import { parentPort, workerData } from 'node:worker_threads';
import {
  GROUP_EVERY_MS,
  groupDelay,
  MAX_GROUP_ROWS,
  ROLL_UP_AT_MOST,
  ROLL_UP_DUE_AT,
  rollUpDelay,
  VisitsPastMark,
} from './sql/rollup-mark';
import { openWriterConnection } from './sqlite-writer-connection';
import { pruneVisitorDays } from './sql/roll-up-visits';
import { columnsSource, VisitColumns, visitsIn } from './visit-columns';
import type { VisitSource } from './sql/visit-batch';
import type { WritePace } from './sqlite-visit-writer';

/**
 * A batch waits for its group as the columns it came in, and its visits become rows only as their
 * statement is written (see storeVisitsOf): made on arrival, or all at once for the group, its
 * visits lived as objects (and a Date each) for seconds, long enough for young-generation
 * collections to copy them and move them to the old one.
 */
type WriteJob = { id: number; visits: VisitColumns; pace: WritePace };
type Job = WriteJob | { id: number; pruneBefore: number } | { id: number; rollUp: true };
type Answer = { id: number; stored?: number; error: string | null };

const { runner, inTransaction } = openWriterConnection((workerData as { file: string }).file);
const pastMark = new VisitsPastMark();

const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));
const answer = (a: Answer) => parentPort!.postMessage(a);

/**
 * The batches in one transaction, rolled up with them if `rollUpToo`; if that fails, each on its
 * own and not rolled up, so only a bad one fails.
 */
async function writeGroup(jobs: WriteJob[], rollUpToo = false): Promise<Answer[]> {
  try {
    const { source, jobOf } = groupSource(jobs);
    const stored = jobs.map(() => 0);
    const counted = (i: number) => stored[jobOf[i]]++;
    const write = () =>
      rollUpToo
        ? pastMark.storeAndRollUp(runner, source, counted)
        : pastMark.store(runner, source, counted);
    const n = await inTransaction(write);
    if (rollUpToo) rolledUp();
    else notRolledUp += n;
    return jobs.map((j, i) => ({ id: j.id, stored: stored[i], error: null }));
  } catch (e) {
    pastMark.forget();
    if (jobs.length === 1) return [{ id: jobs[0].id, error: messageOf(e) }];
    const answers: Answer[] = [];
    for (const job of jobs) answers.push(...(await writeGroup([job])));
    return answers;
  }
}

/**
 * The group's visits one after another, each made into its row only as its statement is written
 * (see storeVisitsOf); and the job of each.
 */
function groupSource(jobs: WriteJob[]): { source: VisitSource; jobOf: Uint32Array } {
  const size = rowsOf(jobs);
  const jobOf = new Uint32Array(size);
  const first = new Uint32Array(jobs.length);
  for (let j = 0, i = 0; j < jobs.length; j++) {
    first[j] = i;
    jobOf.fill(j, i, (i += visitsIn(jobs[j].visits)));
  }
  const parts = jobs.map((j) => columnsSource(j.visits));
  return {
    jobOf,
    source: {
      size,
      linkIdOf: (i) => parts[jobOf[i]].linkIdOf(i - first[jobOf[i]]),
      rowOf: (i) => parts[jobOf[i]].rowOf(i - first[jobOf[i]]),
    },
  };
}

let notRolledUp = 0;
/**
 * Until a roll-up succeeds, one is never skipped: an earlier run may have left visits past the
 * mark.
 */
let rolledUpSinceStart = false;
let rolledUpAt = performance.now();
let rollUpTimer: NodeJS.Timeout | undefined;
let warnedAt = -Infinity;

function rolledUp(): void {
  clearTimeout(rollUpTimer);
  rollUpTimer = undefined;
  rolledUpAt = performance.now();
  notRolledUp = 0;
  rolledUpSinceStart = true;
}

/** Everything past the mark; a failure is told (every 10 s at most) and left for the next. */
async function rollUp(): Promise<number> {
  let total = 0;
  try {
    for (let n = ROLL_UP_AT_MOST; n === ROLL_UP_AT_MOST; total += n) {
      n = await inTransaction(() => pastMark.rollUp(runner));
    }
    rolledUp();
  } catch (e) {
    if (performance.now() - warnedAt < 10_000) return total;
    warnedAt = performance.now();
    parentPort!.postMessage({ warning: `visits not rolled up yet: ${messageOf(e)}` });
  }
  return total;
}

/**
 * Rolls up once the visits waiting are due (rollUpDelay), asked again when the timer fires: set
 * while few waited (due in a second), it would otherwise roll up as early even when a busier
 * second had made it due only at ROLL_UP_EVERY_MS.
 */
function rollUpLater(): void {
  const wait = rollUpDelay(notRolledUp) - (performance.now() - rolledUpAt);
  rollUpTimer ??= setTimeout(() => {
    rollUpTimer = undefined;
    if (notRolledUp === 0) return;
    if (rollUpDelay(notRolledUp) - (performance.now() - rolledUpAt) > 0) rollUpLater();
    else enqueue({ id: -1, rollUp: true });
  }, wait);
}

/** Stores a group; rolls up too when it is due, and answers after that (a flush then sees it). */
async function storeGroup(group: WriteJob[], afterQuiet: boolean): Promise<void> {
  const due =
    afterQuiet ||
    group.some((j) => j.pace === 'flush') ||
    notRolledUp >= ROLL_UP_DUE_AT ||
    performance.now() - rolledUpAt >= rollUpDelay(notRolledUp + rowsOf(group));
  const answers = await writeGroup(group, due);
  // Not rolled up with the group (not due, or that failed): later, or now.
  if (notRolledUp > 0 && due) await rollUp();
  else if (notRolledUp > 0) rollUpLater();
  answers.forEach(answer);
}

const rowsOf = (group: WriteJob[]) => group.reduce((n, j) => n + visitsIn(j.visits), 0);

/** The write jobs at the front of `waiting`, up to MAX_GROUP_ROWS (at least one). */
function takeGroup(waiting: Job[]): WriteJob[] {
  const group: WriteJob[] = [];
  let rows = 0;
  while (waiting.length > 0 && 'visits' in waiting[0]) {
    if (group.length > 0 && rows + visitsIn(waiting[0].visits) > MAX_GROUP_ROWS) break;
    const job = waiting.shift() as WriteJob;
    rows += visitsIn(job.visits);
    group.push(job);
  }
  return group;
}

// One transaction at a time. Every statement answers synchronously, so no message arrives while
// a group is written: those that came meanwhile are all waiting when the next turn starts.
const waiting: Job[] = [];
let running = false;
let lastGroupAt = -Infinity;
/** Visits in the last group: a light one is followed sooner (see groupDelay). */
let lastGroupRows = 0;
let timer: NodeJS.Timeout | undefined;
/** When the last group was stored; and whether the batches waiting came after a pause. */
let lastStoredAt = -Infinity;
let afterQuiet = false;

/**
 * Whether a batch not to gather (a flush, a sender's backlog), a full group or a job the main
 * thread waits for (a roll-up of a flush, a prune) waits: then there is no reason to wait for
 * more. The thread's own roll-up (id -1) waits for the next group, which mostly rolls up with it.
 */
function readyNow(): boolean {
  let rows = 0;
  for (const job of waiting) {
    if (!('visits' in job)) {
      if (job.id >= 0) return true;
      continue;
    }
    if (job.pace !== 'gather') return true;
    rows += visitsIn(job.visits);
  }
  return rows >= MAX_GROUP_ROWS;
}

function schedule(): void {
  const wait = readyNow() ? 0 : lastGroupAt + groupDelay(lastGroupRows) - performance.now();
  // At least a turn later, so the batches sent together are all here.
  if (wait <= 0) setImmediate(() => void runNext());
  else timer = setTimeout(() => void runNext(), wait);
}

async function runNext(): Promise<void> {
  timer = undefined;
  try {
    const group = takeGroup(waiting);
    const job = waiting[0];
    if (group.length > 0) {
      lastGroupAt = performance.now();
      lastGroupRows = rowsOf(group);
      const quiet = afterQuiet;
      afterQuiet = false;
      await storeGroup(group, quiet);
      lastStoredAt = performance.now();
    } else if ('rollUp' in job) {
      waiting.shift();
      // Nothing of this thread's waits (a flush after batches rolled up with their group): no
      // transaction.
      const n = notRolledUp > 0 || !rolledUpSinceStart ? await rollUp() : 0;
      answer({ id: job.id, stored: n, error: null });
    } else if ('pruneBefore' in job) {
      waiting.shift();
      await inTransaction(() => pruneVisitorDays(runner, job.pruneBefore)).then(
        () => answer({ id: job.id, stored: 0, error: null }),
        (e: unknown) => answer({ id: job.id, error: messageOf(e) }),
      );
    }
  } finally {
    running = waiting.length > 0;
    if (running) schedule();
  }
}

function enqueue(job: Job): void {
  if ('visits' in job && !waiting.some((j) => 'visits' in j)) {
    afterQuiet = performance.now() - lastStoredAt >= GROUP_EVERY_MS;
  }
  waiting.push(job);
  if (!running) {
    running = true;
    schedule();
  } else if (timer && readyNow()) {
    // Forgotten as well as cleared: the next batch to come before this turn would otherwise
    // schedule a second one, which found nothing to write and failed, taking the thread down.
    clearTimeout(timer);
    timer = undefined;
    schedule();
  }
}

// First, whatever an earlier run stored and did not roll up (it stopped before it could).
enqueue({ id: -1, rollUp: true });
parentPort!.on('message', (m: Job) => enqueue(m));
