import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { VisitRow } from './rollup';

interface Reply {
  id: number;
  stored?: number;
  error: string | null;
}

/** The worker thread that writes visit batches to a SQLite file (see its source). */
export class SqliteVisitWriter {
  private readonly worker: Worker;
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
    this.worker.on('message', ({ id, stored, error }: Reply) => {
      const waiting = this.pending.get(id);
      this.pending.delete(id);
      if (error === null) waiting?.resolve(stored ?? 0);
      else waiting?.reject(new Error(error));
    });
    this.worker.on('error', (e) => {
      for (const w of this.pending.values()) w.reject(e);
      this.pending.clear();
    });
    this.worker.unref();
  }

  /** Stores the visits and their rollups in one transaction, off the main thread. */
  write(rows: VisitRow[], urgent: boolean): Promise<number> {
    return this.send({ rows, urgent });
  }

  pruneVisitorDays(before: number): Promise<number> {
    return this.send({ pruneBefore: before });
  }

  private send(job: object): Promise<number> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ id, ...job });
    });
  }

  async close(): Promise<void> {
    await this.worker.terminate();
  }
}
