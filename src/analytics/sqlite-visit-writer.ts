import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';

/** The worker thread that writes visit batches to a SQLite file (see its source). */
export class SqliteVisitWriter {
  private readonly worker: Worker;
  private nextId = 0;
  private readonly pending = new Map<number, { resolve: () => void; reject: (e: Error) => void }>();

  constructor(file: string, sql: string) {
    const js = join(__dirname, 'sqlite-visit-writer.worker.js');
    // Built: the .js beside this file; in tests (ts-jest) the .ts source through ts-node.
    this.worker = existsSync(js)
      ? new Worker(js, { workerData: { file, sql } })
      : new Worker(join(__dirname, 'sqlite-visit-writer.worker.ts'), {
          workerData: { file, sql },
          execArgv: ['--require', 'ts-node/register/transpile-only'],
        });
    this.worker.on('message', ({ id, error }: { id: number; error: string | null }) => {
      const waiting = this.pending.get(id);
      this.pending.delete(id);
      if (error === null) waiting?.resolve();
      else waiting?.reject(new Error(error));
    });
    this.worker.on('error', (e) => {
      for (const w of this.pending.values()) w.reject(e);
      this.pending.clear();
    });
    this.worker.unref();
  }

  /** Inserts the rows (arrays of column values) in one transaction, off the main thread. */
  write(rows: unknown[][]): Promise<void> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ id, rows });
    });
  }

  async close(): Promise<void> {
    await this.worker.terminate();
  }
}
