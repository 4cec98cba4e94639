import { Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import type { AuthenticatedAccount } from '../authenticated-account';
import { Clock } from '../../common/clock';
import { DomainError } from '../../common/errors/domain-error';
import { Tx } from '../../database/unit-of-work';
import { UsageCountersRepository } from './usage-counters.repository';
import { limitOf, periodKeys, UsageMetric, UsagePeriod } from '../../common/usage-limits';
import { Job, Scheduler } from '../../common/scheduler';

/** Whose usage is counted, and against which limits. */
export type UsageOwner = Pick<AuthenticatedAccount, 'id' | 'usageLimits'>;

interface KnownApiCalls {
  day: string;
  counts: Record<UsagePeriod, number>;
}

const FLUSH_MS = 1000;
const NOUNS: Record<UsageMetric, string> = {
  api: 'API calls',
  link: 'links',
  text: 'text shares',
  upload: 'uploads',
  qrcode: 'QR codes',
};

/**
 * Per-account day and month counters (S.EE's `/usage`) and the plan limits on them. A creation the
 * plan limits is counted in the transaction that creates, so a refused or failed one counts
 * nothing. API calls, and creations the plan does not limit, are added up here once they have
 * happened and written every second (a creation then needs no transaction of its own); with
 * several instances an API call limit may be overrun by what the others served in that second.
 */
@Injectable()
export class UsageService implements OnModuleInit, OnModuleDestroy {
  private readonly log = new Logger(UsageService.name);
  /** Counts not yet written, by account and metric. */
  private pending = new Map<number, Partial<Record<UsageMetric, number>>>();
  private readonly known = new Map<number, KnownApiCalls>();
  private job?: Job;
  private prunedMonth = '';

  constructor(
    private readonly counters: UsageCountersRepository,
    private readonly clock: Clock,
    private readonly scheduler: Scheduler,
  ) {}

  onModuleInit(): void {
    this.job = this.scheduler.every('usage counts: write', FLUSH_MS, () => this.flush());
  }

  async onModuleDestroy(): Promise<void> {
    this.job?.stop();
    await this.flush();
  }

  /** Counts a creation in `tx`: past a limit it throws (the transaction takes it back). */
  async countCreation(owner: UsageOwner, metric: UsageMetric, tx: Tx): Promise<void> {
    if (!this.limited(owner, metric)) {
      tx.afterCommit(() => this.countDone(owner, metric));
      return;
    }
    const keys = periodKeys(new Date(this.clock.now()));
    const [day, month] = await this.counters.add(owner.id, metric, [keys.day, keys.month], 1, tx);
    this.refuseOver(owner, metric, { day, month }, 0);
  }

  /** True when a creation of `metric` must be counted in its transaction (the plan limits it). */
  countsInTransaction(owner: UsageOwner, metric: UsageMetric): boolean {
    return this.limited(owner, metric);
  }

  /** Counts a creation that has happened, that the plan does not limit (written within 1 s). */
  countDone(owner: UsageOwner, metric: UsageMetric): void {
    const counts = this.pending.get(owner.id) ?? {};
    counts[metric] = (counts[metric] ?? 0) + 1;
    this.pending.set(owner.id, counts);
  }

  /** Refuses a creation that would pass a limit, before any work (an upload's bytes). */
  async checkCreation(owner: UsageOwner, metric: UsageMetric): Promise<void> {
    if (!this.limited(owner, metric)) return;
    this.refuseOver(owner, metric, await this.current(owner.id, metric), 1);
  }

  /** Counts one authenticated API call; refuses it past the plan's limits. */
  async countApiCall(owner: UsageOwner): Promise<void> {
    if (this.limited(owner, 'api')) {
      const waiting = this.pending.get(owner.id)?.api ?? 0;
      const known = await this.knownApiCalls(owner.id);
      const counts = { day: known.counts.day + waiting, month: known.counts.month + waiting };
      this.refuseOver(owner, 'api', counts, 1);
    }
    this.countDone(owner, 'api');
  }

  /** Every counter of today and this month, counts not yet written included. */
  async report(accountId: number): Promise<(metric: UsageMetric, p: UsagePeriod) => number> {
    const keys = periodKeys(new Date(this.clock.now()));
    const stored = await this.counters.get(accountId, [keys.day, keys.month]);
    const waiting = this.pending.get(accountId) ?? {};
    return (metric, p) => (stored.get(`${metric}:${keys[p]}`) ?? 0) + (waiting[metric] ?? 0);
  }

  /** Writes the counts added up since the last flush. */
  async flush(): Promise<void> {
    if (this.pending.size === 0) return;
    const batch = this.pending;
    this.pending = new Map();
    const keys = periodKeys(new Date(this.clock.now()));
    const periods = [keys.day, keys.month];
    for (const [accountId, counts] of batch) {
      for (const [metric, n] of Object.entries(counts) as [UsageMetric, number][]) {
        try {
          // API call totals are read back: the limit check goes on from them.
          const api = metric === 'api';
          const [day, month] = await this.counters.add(
            accountId,
            metric,
            periods,
            n,
            undefined,
            api,
          );
          if (api) this.known.set(accountId, { day: keys.day, counts: { day, month } });
          delete counts[metric];
        } catch (e) {
          this.requeue(batch);
          this.log.warn(`Usage counts wait for the database: ${(e as Error).message}`);
          return;
        }
      }
    }
    if (this.prunedMonth !== keys.month) {
      await this.counters.pruneBefore(keys.month).catch(() => undefined);
      this.prunedMonth = keys.month;
    }
  }

  /** Puts counts a flush could not write back with those added since. */
  private requeue(batch: Map<number, Partial<Record<UsageMetric, number>>>): void {
    for (const [accountId, counts] of batch) {
      for (const [metric, n] of Object.entries(counts) as [UsageMetric, number][]) {
        const now = this.pending.get(accountId) ?? {};
        this.pending.set(accountId, { ...now, [metric]: (now[metric] ?? 0) + n });
      }
    }
  }

  private limited(owner: UsageOwner, metric: UsageMetric): boolean {
    return (
      limitOf(owner.usageLimits, metric, 'day') >= 0 ||
      limitOf(owner.usageLimits, metric, 'month') >= 0
    );
  }

  private async current(accountId: number, metric: UsageMetric) {
    const counts = await this.report(accountId);
    return { day: counts(metric, 'day'), month: counts(metric, 'month') };
  }

  private async knownApiCalls(accountId: number): Promise<KnownApiCalls> {
    const day = periodKeys(new Date(this.clock.now())).day;
    const known = this.known.get(accountId);
    if (known?.day === day) return known;
    const stored = await this.counters.get(accountId, [day, day.slice(0, 7)]);
    const fresh = {
      day,
      counts: {
        day: stored.get(`api:${day}`) ?? 0,
        month: stored.get(`api:${day.slice(0, 7)}`) ?? 0,
      },
    };
    this.known.set(accountId, fresh);
    return fresh;
  }

  /** Throws 429 when `counts` plus `adding` passes a limit of the plan. */
  private refuseOver(
    owner: UsageOwner,
    metric: UsageMetric,
    counts: Record<UsagePeriod, number>,
    adding: number,
  ): void {
    for (const period of ['day', 'month'] as const) {
      const limit = limitOf(owner.usageLimits, metric, period);
      if (limit >= 0 && counts[period] + adding > limit) {
        throw new DomainError(
          429,
          'plan_limit',
          `Your plan allows ${limit} ${NOUNS[metric]} a ${period}; ` +
            `the count starts again next ${period} (UTC)`,
          { metric, period, limit },
        );
      }
    }
  }
}
