import { AsyncResource } from 'node:async_hooks';
import type { DataSource, QueryRunner } from 'typeorm';

interface Member {
  write: () => Promise<unknown>;
  done: (result: unknown) => void;
  failed: (e: unknown) => void;
}

const MAX_GROUP = 100;

/**
 * SQLite's writes, committed in groups. A COMMIT (its WAL frames, and every thousand pages a
 * checkpoint with fsync) costs ~90 us here, an insert inside an open transaction ~10 us. A group
 * takes the writes that arrive until a turn of the event loop brings none (at most MAX_GROUP), so
 * a busy service commits many at once and an idle one each at once, a turn later. Inside the
 * group's transaction each write runs in turn (a TypeORM transaction inside it becomes a
 * savepoint, which a failure rolls back alone); it is answered once the group has committed, and
 * a COMMIT that fails fails every write in it.
 */
export class GroupCommit {
  private queue: Member[] = [];
  private running = false;

  constructor(private readonly db: DataSource) {}

  add<T>(write: () => Promise<T>): Promise<T> {
    return new Promise<T>((done, failed) => {
      // Each write runs in its own request's context (who acts, for the outbox), not in that of
      // whichever request happened to start the group. Not `AsyncResource.bind`: on Node 20 it
      // defines two deprecated accessors on every bound function (~30 µs of a creation's CPU).
      const scope = new AsyncResource('GroupCommitWrite');
      const bound = () => scope.runInAsyncScope(write);
      this.queue.push({ write: bound, done: done as (r: unknown) => void, failed });
      if (!this.running) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.running = true;
    while (this.queue.length) await this.commitGroup();
    this.running = false;
  }

  private async commitGroup(): Promise<void> {
    const runner = this.db.createQueryRunner();
    try {
      await runner.startTransaction();
    } catch (e) {
      for (const m of this.queue.splice(0)) m.failed(e);
      return;
    }
    const written: [Member, unknown][] = [];
    for (let n = 0; n < MAX_GROUP; n++) {
      // better-sqlite3 answers at once: without a turn of the event loop here, the requests read
      // meanwhile would never reach their writes before the COMMIT, and every group would be one.
      if (!this.queue.length) await new Promise((r) => setImmediate(r));
      const m = this.queue.shift();
      if (!m) break;
      try {
        written.push([m, await m.write()]);
      } catch (e) {
        m.failed(e);
        // Some errors (a full disk) make SQLite roll the whole transaction back: what was
        // written is gone; what waits goes in the next group.
        if (!this.stillOpen()) return this.abandon(runner, written, e);
      }
    }
    try {
      await runner.commitTransaction();
    } catch (e) {
      await runner.rollbackTransaction().catch(() => undefined);
      return this.abandon(runner, written, e);
    }
    for (const [m, result] of written) m.done(result);
  }

  private abandon(runner: QueryRunner, written: [Member, unknown][], e: unknown): void {
    for (const [m] of written) m.failed(e);
    // TypeORM cannot know that SQLite rolled the transaction back by itself: left as it is, it
    // would turn every later group's BEGIN into a savepoint of a transaction that is not there.
    if (!this.stillOpen())
      Object.assign(runner, { isTransactionActive: false, transactionDepth: 0 });
  }

  private stillOpen(): boolean {
    const driver = this.db.driver as { databaseConnection?: { inTransaction?: boolean } };
    return driver.databaseConnection?.inTransaction !== false;
  }
}
