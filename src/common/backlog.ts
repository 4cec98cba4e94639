import { performance } from 'node:perf_hooks';
import { RequestsInFlight } from './requests-in-flight';

/**
 * A backlog worked off in batches in the background (the outbox's events, webhook deliveries):
 * woken a few milliseconds after new work arrives, so what comes meanwhile joins the same batch
 * (a busy second costs a few batches' queries, not one per change); one pass at a time; a pass
 * goes on while batches come back full.
 */
export class Backlog {
  private running?: Promise<number>;
  private timer?: NodeJS.Timeout;
  private loop = performance.eventLoopUtilization();
  private lastBatchAt = 0;
  private stopped = false;

  /**
   * `yieldWhenBusy`: while requests queue up (more than 4 in flight) and the event loop has been
   * busy over 90% of the time since the last look, one batch at most that often: background work
   * takes what requests leave, and catches up at full speed when they stop.
   */
  constructor(
    private readonly batch: () => Promise<number>,
    private readonly batchSize: number,
    private readonly wakeAfterMs: number,
    private readonly onError: (e: unknown) => void,
    private readonly yieldWhenBusy = 0,
  ) {}

  /**
   * Works off everything there is now: waits for a pass under way, then makes its own, so what
   * was added before the call is handled when it resolves. The number of items handled.
   */
  async drain(): Promise<number> {
    while (this.running) await this.running.catch(() => 0);
    this.running = (async () => {
      let total = 0;
      for (let n = this.batchSize; n >= this.batchSize; total += n) {
        await this.yieldIfBusy();
        n = await this.batch();
        this.lastBatchAt = performance.now();
      }
      return total;
    })().finally(() => (this.running = undefined));
    return this.running;
  }

  private async yieldIfBusy(): Promise<void> {
    if (!this.yieldWhenBusy) return;
    const now = performance.eventLoopUtilization();
    if (RequestsInFlight.count <= 4) {
      this.loop = now;
      return;
    }
    const busy = performance.eventLoopUtilization(now, this.loop).utilization > 0.9;
    this.loop = now;
    const wait = this.lastBatchAt + this.yieldWhenBusy - performance.now();
    if (busy && wait > 0) await new Promise((r) => setTimeout(r, wait).unref());
  }

  /** New work: a pass soon (one timer however many wake it). */
  wake(): void {
    if (this.timer || this.stopped) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      if (this.running) return this.wake();
      this.drain().catch(this.onError);
    }, this.wakeAfterMs);
    this.timer.unref();
  }

  /** No more wake-ups (shutdown); `drain` still works off what there is. */
  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
    this.timer = undefined;
  }
}
