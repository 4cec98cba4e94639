import { Logger } from '@nestjs/common';
import type { Job, Scheduler } from './scheduler';

export interface WriteBehindOptions<K, T> {
  /** The scheduler job's name, and the log lines'. */
  name: string;
  everyMs: number;
  /** Keys held at most between writes; a new key past it is dropped (a flood stops here). */
  maxKeys: number;
  /** Adds `more` into `into` (two counts of one key). */
  merge: (into: T, more: T) => void;
  /**
   * Writes a batch. It calls `written(key)` for each key once that key is stored: if it throws,
   * the keys not yet written go back into the buffer for the next try.
   */
  write: (batch: Map<K, T>, written: (key: K) => void) => Promise<void>;
}

/**
 * Values gathered in memory by key and written in batches by a scheduler job, so a hot path
 * never waits for the database (orphan visits, usage counts). While the database is
 * away what could not be written waits, merged with what comes meanwhile; the owner flushes the
 * rest when it stops.
 */
export class WriteBehind<K, T> {
  private pending = new Map<K, T>();
  private job?: Job;
  /** The batch a write holds now, and the keys it has written. */
  private inFlight: { batch: Map<K, T>; written: Set<K>; done: Promise<void> } | null = null;
  /** Writes started so far: a reader sees whether one began while it read. */
  private flushes = 0;
  private readonly logger: Logger;

  constructor(private readonly opts: WriteBehindOptions<K, T>) {
    this.logger = new Logger(opts.name);
  }

  /** Adds a value under its key; false when the key is new and the buffer is full. */
  add(key: K, value: T): boolean {
    const held = this.pending.get(key);
    if (held !== undefined) {
      this.opts.merge(held, value);
      return true;
    }
    if (this.pending.size >= this.opts.maxKeys) return false;
    this.pending.set(key, value);
    return true;
  }

  /** What waits under a key for the next write (to add to it in place). */
  get(key: K): T | undefined {
    return this.pending.get(key);
  }

  /**
   * Everything under a key not written yet: what waits, and what a write under way holds until
   * that write says it is done. A reader adding these to the stored value misses nothing while a
   * flush runs (the batch is out of `pending` and not yet in the database).
   */
  unwritten(key: K): T[] {
    const out: T[] = [];
    const held = this.pending.get(key);
    if (held !== undefined) out.push(held);
    const flying = this.inFlight?.batch.get(key);
    if (flying !== undefined && !this.inFlight!.written.has(key)) out.push(flying);
    return out;
  }

  /**
   * Reads the stored values at a moment no write is under way, so that the stored values plus
   * `unwritten()` (taken right after, with no await between) count each value once: a write
   * that ends while the database is being read may or may not be in what the read saw.
   */
  async readStable<R>(read: () => Promise<R>): Promise<R> {
    for (let tries = 0; ; tries++) {
      await this.inFlight?.done;
      const started = this.flushes;
      const stored = await read();
      if ((this.flushes === started && !this.inFlight) || tries === 5) return stored;
    }
  }

  get size(): number {
    return this.pending.size;
  }

  start(scheduler: Scheduler): void {
    this.job = scheduler.every(this.opts.name, this.opts.everyMs, () => this.flush());
  }

  /** Stops the job and writes what is left. */
  async stop(): Promise<void> {
    this.job?.stop();
    await this.flush();
  }

  async flush(): Promise<void> {
    if (this.pending.size === 0) return;
    const batch = this.pending;
    this.pending = new Map();
    const written = new Set<K>();
    const done = this.opts.write(batch, (key) => written.add(key));
    this.flushes++;
    this.inFlight = { batch, written, done: done.then(noop, noop) };
    try {
      await done;
    } catch (e) {
      let kept = 0;
      for (const [key, value] of batch) {
        if (!written.has(key) && this.add(key, value)) kept++;
      }
      this.logger.warn(`${kept} counts wait for the database: ${String(e)}`);
    } finally {
      this.inFlight = null;
    }
  }
}

const noop = () => undefined;
