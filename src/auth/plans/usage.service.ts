import { Injectable, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import type { AuthenticatedAccount } from '../authenticated-account';
import { Clock } from '../../common/clock';
import { DomainError } from '../../common/errors/domain-error';
import { Tx } from '../../database/unit-of-work';
import { UsageCountersRepository } from './usage-counters.repository';
import {
  limitOf,
  periodKeys,
  USAGE_METRICS,
  UsageMetric,
  UsagePeriod,
} from '../../common/usage-limits';
import { Scheduler } from '../../common/scheduler';
import { WriteBehind } from '../../common/write-behind';

/** Whose usage is counted, and against which limits. */
export type UsageOwner = Pick<AuthenticatedAccount, 'id' | 'usageLimits'>;

interface Waiting {
  accountId: number;
  metric: UsageMetric;
  n: number;
}

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
  /** Counts not yet written, by account and metric (`7:link`). */
  private readonly pending = new WriteBehind<string, Waiting>({
    name: 'usage counts: write',
    everyMs: FLUSH_MS,
    maxKeys: Number.MAX_SAFE_INTEGER,
    merge: (into, more) => (into.n += more.n),
    write: (batch, written) => this.write(batch, written),
  });
  private readonly known = new Map<number, KnownApiCalls>();
  private prunedMonth = '';

  constructor(
    private readonly counters: UsageCountersRepository,
    private readonly clock: Clock,
    private readonly scheduler: Scheduler,
  ) {}

  onModuleInit(): void {
    this.pending.start(this.scheduler);
  }

  onModuleDestroy(): Promise<void> {
    return this.pending.stop();
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
    const held = this.pending.get(`${owner.id}:${metric}`);
    if (held) held.n++;
    else this.pending.add(`${owner.id}:${metric}`, { accountId: owner.id, metric, n: 1 });
  }

  /** Refuses a creation that would pass a limit, before any work (an upload's bytes). */
  async checkCreation(owner: UsageOwner, metric: UsageMetric): Promise<void> {
    if (!this.limited(owner, metric)) return;
    this.refuseOver(owner, metric, await this.current(owner.id, metric), 1);
  }

  /** Counts one authenticated API call; refuses it past the plan's limits. */
  async countApiCall(owner: UsageOwner): Promise<void> {
    if (this.limited(owner, 'api')) {
      const waiting = this.waiting(owner.id, 'api');
      const known = await this.knownApiCalls(owner.id);
      const counts = { day: known.counts.day + waiting, month: known.counts.month + waiting };
      this.refuseOver(owner, 'api', counts, 1);
    }
    this.countDone(owner, 'api');
  }

  /** Every counter of today and this month, counts not yet written included (each once). */
  async report(accountId: number): Promise<(metric: UsageMetric, p: UsagePeriod) => number> {
    const keys = periodKeys(new Date(this.clock.now()));
    const stored = await this.pending.readStable(() =>
      this.counters.get(accountId, [keys.day, keys.month]),
    );
    const waiting = new Map(USAGE_METRICS.map((m) => [m, this.waiting(accountId, m)]));
    return (metric, p) => (stored.get(`${metric}:${keys[p]}`) ?? 0) + (waiting.get(metric) ?? 0);
  }

  private waiting(accountId: number, metric: UsageMetric): number {
    return this.pending.unwritten(`${accountId}:${metric}`).reduce((sum, w) => sum + w.n, 0);
  }

  /** Writes the counts added up since the last flush. */
  flush(): Promise<void> {
    return this.pending.flush();
  }

  private async write(batch: Map<string, Waiting>, written: (key: string) => void) {
    const keys = periodKeys(new Date(this.clock.now()));
    for (const [key, { accountId, metric, n }] of batch) {
      // API call totals are read back: the limit check goes on from them.
      const api = metric === 'api';
      const periods = [keys.day, keys.month];
      const [day, month] = await this.counters.add(accountId, metric, periods, n, undefined, api);
      if (api) this.known.set(accountId, { day: keys.day, counts: { day, month } });
      written(key);
    }
    if (this.prunedMonth !== keys.month) {
      await this.counters.pruneBefore(keys.month).catch(() => undefined);
      this.prunedMonth = keys.month;
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
