import { fromColumns, toColumns, VisitColumns, visitsIn } from '../store/visit-columns';

/**
 * The batches whose write failed, kept as the columns they were sent as (see VisitRecorder). A
 * failure is held until every batch handed over is answered (`settle`); then the failed ones wait
 * in the order they were taken, not of their answers, to go first at the next try.
 */
export class FailedBatches {
  private answered: { seq: number; batch: VisitColumns; error: unknown }[] = [];
  private waiting: VisitColumns[] = [];
  /** The visits waiting. */
  visits = 0;

  constructor(private readonly batchSize: number) {}

  get size(): number {
    return this.waiting.length;
  }

  fail(seq: number, batch: VisitColumns, error: unknown): void {
    this.answered.push({ seq, batch, error });
  }

  /**
   * Once every batch is answered: the failed ones join those waiting, in front, cut again into
   * full batches if more than one of them was not full (each timer's drain hands over its last
   * visits as one: a long outage would otherwise retry many small ones). Returns the first
   * failure's error, or null when none failed.
   */
  settle(): { error: unknown } | null {
    if (this.answered.length === 0) return null;
    const failed = this.answered.sort((x, y) => x.seq - y.seq);
    this.answered = [];
    let batches = failed.map((f) => f.batch);
    if (batches.filter((b) => visitsIn(b) < this.batchSize).length > 1) {
      const rows = batches.flatMap(fromColumns);
      batches = [];
      for (let i = 0; i < rows.length; i += this.batchSize) {
        batches.push(toColumns(rows.slice(i, i + this.batchSize)));
      }
    }
    this.waiting = batches.concat(this.waiting);
    this.visits += batches.reduce((n, b) => n + visitsIn(b), 0);
    return { error: failed[0].error };
  }

  /** The oldest batch waiting, taken (to try again, or to drop). */
  next(): VisitColumns | undefined {
    const batch = this.waiting.shift();
    if (batch) this.visits -= visitsIn(batch);
    return batch;
  }
}
