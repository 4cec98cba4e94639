import { Injectable, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { Job, Scheduler } from '../../common/scheduler';
import { Outbox } from '../../outbox/outbox';
import { EventBrokers } from '../brokers/event-brokers';
import { WebhookSubscriptions } from '../webhooks/webhook-subscriptions';

/**
 * Tells the outbox who listens for `visit` events: every account when a broker is set up, else
 * the accounts with a switched-on endpoint that wants them (read again every 10 s, and at once
 * when an endpoint changes on this instance).
 */
@Injectable()
export class EventInterest implements OnApplicationBootstrap, OnModuleDestroy {
  private visitListeners = new Set<number>();
  private job?: Job;

  constructor(
    private readonly outbox: Outbox,
    private readonly brokers: EventBrokers,
    private readonly subscriptions: WebhookSubscriptions,
    private readonly scheduler: Scheduler,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.outbox.setInterest(
      (type, accountId) =>
        type !== 'visit' || this.brokers.any || this.visitListeners.has(accountId),
    );
    await this.refresh();
    this.job = this.scheduler.every('events: who listens for visits', 10_000, () => this.refresh());
  }

  onModuleDestroy(): void {
    this.job?.stop();
  }

  async refresh(): Promise<void> {
    this.visitListeners = new Set(await this.subscriptions.accountsWanting('visit'));
  }
}
