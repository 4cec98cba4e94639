import { Injectable, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { Clock } from '../common/clock';
import { Job, Scheduler } from '../common/scheduler';
import { Env } from '../config/env';
import { Tx } from '../database/unit-of-work';
import { OutboxEvent } from './outbox-event.entity';
import type { ClaimedEvent } from './claimed-event';
import { EventFilter, OutboxRepository } from './outbox.repository';

const DAY_MS = 86_400_000;

/**
 * The outbox read back: the audit log and the security log are views of it (one history), and
 * the dispatcher takes its undelivered events from here. Kept AUDIT_LOG_DAYS.
 */
@Injectable()
export class EventHistory implements OnApplicationBootstrap, OnModuleDestroy {
  private job?: Job;

  constructor(
    private readonly events: OutboxRepository,
    private readonly clock: Clock,
    private readonly env: Env,
    private readonly scheduler: Scheduler,
  ) {}

  onApplicationBootstrap(): void {
    this.job = this.scheduler.every('events: drop past AUDIT_LOG_DAYS', 3_600_000, () =>
      this.prune(),
    );
  }

  onModuleDestroy(): void {
    this.job?.stop();
  }

  list(filter: EventFilter, page: number, perPage: number): Promise<OutboxEvent[]> {
    return this.events.list(filter, (page - 1) * perPage, perPage);
  }

  /** Undelivered events for one dispatcher, held until `leaseMs` from now. */
  claim(token: string, limit: number, leaseMs: number): Promise<ClaimedEvent[]> {
    const now = this.clock.now();
    return this.events.claim(token, new Date(now), new Date(now + leaseMs), limit);
  }

  /** Gives a claim up: its events are free for the next dispatcher at once. */
  release(events: ClaimedEvent[], token: string): Promise<void> {
    return this.events.release(
      events.map((e) => e.id),
      token,
    );
  }

  /** The claim's events were handed to every subscriber (in `tx`, with their deliveries). */
  markDispatched(events: ClaimedEvent[], token: string, tx: Tx): Promise<void> {
    const ids = events.map((e) => e.id);
    return this.events.markDispatched(ids, token, new Date(this.clock.now()), tx);
  }

  countPending(): Promise<number> {
    return this.events.countPending();
  }

  prune(): Promise<number> {
    return this.events.deleteBefore(new Date(this.clock.now() - this.env.AUDIT_LOG_DAYS * DAY_MS));
  }
}
