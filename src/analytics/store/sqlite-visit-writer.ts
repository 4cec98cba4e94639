import { Logger } from '@nestjs/common';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { VisitColumns } from './visit-columns';

/**
 * How soon SQLite's writer thread writes a batch (elsewhere each is written at once):
 * - `flush`: at once, and rolled up before the answer (someone waits to read it: a flush,
 *   shutdown);
 * - `backlog`: at once: its sender holds more visits and sends no more before the answer, so
 *   waiting for more would only hold them up (a recorder behind under load);
 * - `gather`: with the batches that come before the next group may start (see groupDelay).
 */
export type WritePace = 'flush' | 'backlog' | 'gather';

type Reply = { id: number; stored?: number; error: string | null } | { warning: string };

/** The worker thread that writes visit batches to a SQLite file (see its source). */
export class SqliteVisitWriter {
  private readonly logger = new Logger(SqliteVisitWriter.name);
  private readonly worker: Worker;
  /** The thread ended (closed, or it failed): a new writer takes over. */
  stopped = false;
  private nextId = 0;
  private readonly pending = new Map<
    number,
    { resolve: (stored: number) => void; reject: (e: Error) => void }
  >();

  constructor(file: string) {
    const js = join(__dirname, 'sqlite-visit-writer.worker.js');
    // Built: the .js beside this file; in tests (ts-jest) the .ts source through ts-node.
    this.worker = existsSync(js)
      ? new Worker(js, { workerData: { file } })
      : new Worker(join(__dirname, 'sqlite-visit-writer.worker.ts'), {
          workerData: { file },
          execArgv: ['--require', 'ts-node/register/transpile-only'],
        });
    this.worker.on('message', (reply: Reply) => {
      if ('warning' in reply) return this.logger.warn(reply.warning);
      const { id, stored, error } = reply;
      const waiting = this.pending.get(id);
      this.pending.delete(id);
      if (error === null) waiting?.resolve(stored ?? 0);
      else waiting?.reject(new Error(error));
    });
    this.worker.on('error', (e) => this.rejectAll(e));
    // Its jobs would never be answered: their batches wait in the recorder for the next try.
    this.worker.on('exit', () => {
      this.stopped = true;
      this.rejectAll(new Error('the visit writer thread stopped'));
    });
    this.worker.unref();
  }

  /** Stores the visits in one transaction, off the main thread; their rollups follow (see it). */
  write(visits: VisitColumns, pace: WritePace): Promise<number> {
    return this.send({ visits, pace });
  }

  pruneVisitorDays(before: number): Promise<number> {
    return this.send({ pruneBefore: before });
  }

  /** Rolls up the visits this thread stored and left for later (at first, an earlier run's too). */
  rollUp(): Promise<number> {
    return this.send({ rollUp: true });
  }

  private rejectAll(e: Error): void {
    for (const w of this.pending.values()) w.reject(e);
    this.pending.clear();
  }

  private send(job: object): Promise<number> {
    if (this.stopped) return Promise.reject(new Error('the visit writer thread stopped'));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ id, ...job });
    });
  }

  /** After rolling up what was stored (else the next start does). */
  async close(): Promise<void> {
    await this.rollUp().catch(() => undefined);
    await this.worker.terminate();
  }
}
