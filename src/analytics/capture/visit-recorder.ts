import { Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { Env } from '../../config/env';
import { VisitEnricher } from './enrich-visit';
import type { RawVisit } from './raw-visit';
import { VisitStream } from './visit-stream';
import { VisitEvents } from './visit-events';
import { VisitsRepository } from '../store/visits.repository';
import type { WritePace } from '../store/sqlite-visit-writer';
import { toColumns, VisitColumns, visitsIn } from '../store/visit-columns';
import { FailedBatches } from './failed-batches';
import { Job, Scheduler } from '../../common/scheduler';
import { VisitorSignals } from './visitor-signals';

const FLUSH_EVERY_MS = 1000;
const BATCH = 1000;
/**
 * Batches handed to the repository and not answered yet, at most. More than the SQLite writer
 * thread gathers into a group under load (MAX_GROUP_ROWS), so its groups are cut by its clock,
 * not by this bound.
 */
const IN_FLIGHT = 100;
/** Visits waiting while the database is away; past it the oldest are dropped (and counted). */
const MAX_WAITING = 100_000;
const DAY_MS = 86_400_000;

/**
 * The visit pipeline. The request path only appends raw fields to a bounded queue; every second
 * (or every 1,000 visits) the flusher parses and hashes them and writes one multi-row INSERT.
 * If the database is away the visits wait, and are written when it is back; shutdown flushes.
 */
@Injectable()
export class VisitRecorder implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(VisitRecorder.name);
  private queue: RawVisit[] = [];
  private flushing: Promise<void> | null = null;
  /** Batches handed over and not answered yet, and who waits for the next answer. */
  private unanswered = 0;
  private readonly onAnswer = new Set<() => void>();
  /**
   * Batches whose write failed: the next drain hands them over first. A batch waits for its
   * answer (seconds, under load) as the columns it was sent as: kept as visit objects, the last
   * seconds' visits outlived young-generation collections and were copied into the old one,
   * there to die.
   */
  private readonly retry = new FailedBatches(BATCH);
  private sent = 0;
  /** Writes failed since start: a drain hands nothing more over once one failed during it. */
  private failures = 0;
  /** Someone waits for the drain under way: its batches are written at once. */
  private hurry = false;
  /** The drain under way hands over a last batch that is not full (the timer's, a flush's). */
  private whole = false;
  private job?: Job;
  /** Visits lost to a full queue since start. */
  dropped = 0;
  private droppedLoggedAt = 0;
  /** Until then (after a failed write) a full batch does not start a drain; the timer does. */
  private retryAt = 0;
  /** ANALYTICS_RECORD: callers skip capturing a visit when it is off. */
  readonly enabled: boolean;
  private readonly enricher: VisitEnricher;
  /** Salts by UTC day, each held until its day ends (uniques per day; never kept longer). */
  private readonly salts = new Map<number, Buffer>();
  /** Days whose salt came from the Redis stream (shared by every instance). */
  private readonly sharedSalts = new Set<number>();

  constructor(
    private readonly visits: VisitsRepository,
    private readonly stream: VisitStream,
    env: Env,
    private readonly scheduler: Scheduler,
    private readonly visitEvents: VisitEvents,
    signals: VisitorSignals,
  ) {
    this.enabled = env.ANALYTICS_RECORD;
    // Read only when recording: the database is some megabytes of memory.
    const countries = this.enabled ? signals.countries : null;
    const saltOf = (at: number) => this.saltOf(at);
    this.enricher = new VisitEnricher(signals.trust, saltOf, countries, signals.agents);
  }

  /**
   * The visitor's hash of the day, as its visits are stored under (an A/B split assigns by it).
   * With a Redis stream the day's salt is the installation's once a batch of the day was stored.
   */
  visitorHash(at: number, ip: string, userAgent: string | undefined): string {
    return this.enricher.visitorHash(at, `${ip}|${userAgent ?? ''}`);
  }

  get waiting(): number {
    return this.retry.visits + this.queue.length;
  }

  record(visit: RawVisit): void {
    if (!this.enabled) return;
    if (this.waiting >= MAX_WAITING) this.makeRoom();
    this.queue.push(visit);
    // After a failed write only the timer tries again: not every visit of an outage.
    if (this.queue.length >= BATCH && Date.now() >= this.retryAt) void this.drainOnce();
  }

  /**
   * Drops the oldest waiting: a failed batch, else the queue's oldest hundredth (one at a time,
   * every visit past the bound moved the queue).
   */
  private makeRoom(): void {
    const oldest = this.retry.next();
    this.drop(oldest ? visitsIn(oldest) : this.queue.splice(0, MAX_WAITING / 100).length);
  }

  private drop(n: number): void {
    if (n <= 0) return;
    this.dropped += n;
    if (Date.now() - this.droppedLoggedAt > 10_000) {
      this.droppedLoggedAt = Date.now();
      this.logger.warn(`visit queue full: ${this.dropped} visits dropped since start`);
    }
  }

  /** Visits that could not be published wait at the front, in order, for the next try. */
  private keep(visits: RawVisit[], error: unknown): void {
    const all = visits.concat(this.queue);
    this.drop(all.length - MAX_WAITING);
    this.queue = all.slice(-MAX_WAITING);
    this.waitAfterFailure(error);
  }

  private waitAfterFailure(error: unknown): void {
    this.retryAt = Date.now() + FLUSH_EVERY_MS;
    this.logger.warn(`${this.waiting} visits wait: ${String(error)}`);
  }

  onModuleInit(): void {
    this.job = this.scheduler.every('visits: drain to the store', FLUSH_EVERY_MS, () => {
      this.whole = true;
      return this.drainOnce();
    });
  }

  async onModuleDestroy(): Promise<void> {
    this.job?.stop();
    await this.flush();
  }

  /**
   * Writes what is waiting now, in batches (shutdown, tests, a producer that waits). The flushes
   * the recorder starts itself let the SQLite writer wait a little for more batches under load.
   */
  async flush(): Promise<void> {
    this.hurry = this.whole = true;
    await this.drainOnce();
    // Batches handed over before, to gather, are written now (the roll-up asked for goes after
    // them) and answered; a drain under way, not hurried, may have left their roll-up for later.
    await Promise.all([this.allAnswered(), this.visits.rollUpStored()]);
  }

  /** One drain at a time; a flush asked for during one hurries the rest of it. */
  private drainOnce(): Promise<void> {
    this.flushing ??= this.drain().finally(() => {
      this.flushing = null;
      this.hurry = this.whole = false;
    });
    return this.flushing;
  }

  private async drain(): Promise<void> {
    if (!this.stream.enabled) return this.storeWaiting();
    for (;;) {
      let batch = this.queue.splice(0, BATCH);
      try {
        // Through the stream: any instance may be the one that stores them.
        if (batch.length > 0) {
          await this.stream.publish(batch);
          batch = [];
          continue;
        }
        const taken = await this.stream.take(BATCH);
        if (taken.length === 0) return;
        // A full batch: more may wait in the stream, taken only after this one is stored.
        await this.store(await this.prepare(taken), taken.length === BATCH);
        await this.stream.done(taken);
      } catch (e) {
        // The database or Redis is away: the batch waits at the front for the next flush.
        this.keep(batch, e);
        return;
      }
    }
  }

  /**
   * Hands the waiting batches to the repository as they come, without waiting for the answers of
   * those before (up to IN_FLIGHT unanswered), a turn of the event loop apart so that parsing them
   * never holds requests up for long. On SQLite the writer thread gathers what reaches it into one
   * transaction every GROUP_EVERY_MS (handed over a window at a time, each after the answer to
   * the last, a group held only what came during one write), and the bigger the group the less
   * each visit costs (a commit writes every page its visits touched). A batch that fills the
   * bound with more queued says so (`backlog`): the writer then writes at once instead of
   * gathering more, which could not come before an answer. After a failed write nothing more is
   * handed over; once every batch is answered, the failed ones wait, in their order, to go first
   * at the next try.
   */
  private async storeWaiting(): Promise<void> {
    let first = true;
    const failures = this.failures;
    const more = () =>
      this.failures === failures &&
      (this.retry.size > 0 || this.queue.length >= BATCH || (this.whole && this.queue.length > 0));
    while (more()) {
      if (this.unanswered >= IN_FLIGHT) {
        await this.nextAnswer();
        continue;
      }
      if (!first) await new Promise((resolve) => setImmediate(resolve));
      first = false;
      if (!more()) return;
      const batch = this.retry.next() ?? (await this.prepare(this.queue.splice(0, BATCH)));
      this.hand(batch, this.unanswered === IN_FLIGHT - 1 && this.waiting > 0);
    }
  }

  private hand(batch: VisitColumns, backlog: boolean): void {
    const seq = this.sent++;
    this.unanswered++;
    void this.store(batch, backlog)
      .catch((error: unknown) => {
        this.failures++;
        this.retry.fail(seq, batch, error);
      })
      .finally(() => {
        this.unanswered--;
        const failed = this.unanswered === 0 ? this.retry.settle() : null;
        if (failed) {
          while (this.waiting > MAX_WAITING && this.retry.size > 0) this.makeRoom();
          this.waitAfterFailure(failed.error);
        }
        const waiting = [...this.onAnswer];
        this.onAnswer.clear();
        waiting.forEach((wake) => wake());
      });
  }

  private nextAnswer(): Promise<void> {
    return new Promise((resolve) => this.onAnswer.add(resolve));
  }

  /** Once every batch handed over is answered (and the failed ones are kept). */
  private async allAnswered(): Promise<void> {
    while (this.unanswered > 0) await this.nextAnswer();
  }

  /** The visits as they are stored: parsed, hashed, as columns. */
  private async prepare(batch: RawVisit[]): Promise<VisitColumns> {
    // A day's salt is forgotten when the day ends (a late visit of that day gets a fresh one).
    const today = Math.floor(Date.now() / DAY_MS);
    for (const d of this.salts.keys()) if (d < today) this.salts.delete(d);
    for (const d of this.sharedSalts) if (d < today) this.sharedSalts.delete(d);
    if (this.stream.enabled) {
      for (const day of new Set(batch.map((v) => Math.floor(v.at / DAY_MS)))) {
        // A salt made here for an A/B assignment gives way to the installation's.
        if (this.sharedSalts.has(day)) continue;
        this.salts.set(day, await this.stream.salt(day));
        this.sharedSalts.add(day);
      }
    }
    return toColumns(batch.map((v) => this.enricher.enrich(v)));
  }

  private async store(batch: VisitColumns, backlog: boolean): Promise<void> {
    const pace: WritePace = this.hurry ? 'flush' : backlog ? 'backlog' : 'gather';
    await this.visits.store(batch, pace);
    this.visitEvents.count(batch);
  }

  private saltOf(at: number): Buffer {
    const day = Math.floor(at / DAY_MS);
    let salt = this.salts.get(day);
    if (!salt) {
      salt = randomBytes(32);
      this.salts.set(day, salt);
    }
    return salt;
  }
}
