import { randomBytes } from 'node:crypto';
import { Injectable, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { Clock } from '../../common/clock';
import { Job, Scheduler } from '../../common/scheduler';
import { UnitOfWork } from '../../database/unit-of-work';
import { EventHistory } from '../../outbox/event-history';
import { Outbox } from '../../outbox/outbox';
import type { OutboxEvent } from '../../outbox/outbox-event.entity';
import { EventBrokers } from '../brokers/event-brokers';
import { messageOf } from '../brokers/event-message';
import { WebhookSubscriptions } from '../webhooks/webhook-subscriptions';
import { WebhookSender } from '../webhooks/webhook-sender';

const BATCH = 200;
const LEASE_MS = 60_000;
const PAUSE_AFTER_FAILURE_MS = 5_000;

/**
 * Takes committed events from the outbox and hands each to every subscriber: the brokers get
 * it, and each webhook endpoint that wants it gets a delivery row, written with the event's
 * "dispatched" mark in one transaction. A batch is leased first, so instances running side by
 * side never hand out one event twice; a dispatcher that dies leaves its lease to expire.
 */
@Injectable()
export class EventDispatcher implements OnApplicationBootstrap, OnModuleDestroy {
  private job?: Job;
  private running?: Promise<number>;
  private again = false;
  /** After a broker refused a batch: no try before this (the events wait in the outbox). */
  private pausedUntil = 0;

  constructor(
    private readonly history: EventHistory,
    private readonly subscriptions: WebhookSubscriptions,
    private readonly brokers: EventBrokers,
    private readonly sender: WebhookSender,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
    private readonly scheduler: Scheduler,
    outbox: Outbox,
  ) {
    outbox.onRecorded(() => this.wake());
  }

  onApplicationBootstrap(): void {
    this.job = this.scheduler.every('events: dispatch the outbox', 1_000, () => this.drain());
  }

  onModuleDestroy(): void {
    this.job?.stop();
  }

  /** Dispatches until the outbox holds nothing undelivered; the number of events handed out. */
  async drain(): Promise<number> {
    if (Date.now() < this.pausedUntil) return 0;
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      let total = 0;
      try {
        do {
          this.again = false;
          for (let n; (n = await this.dispatchBatch()) > 0;) total += n;
        } while (this.again);
      } finally {
        this.running = undefined;
      }
      return total;
    })();
    return this.running;
  }

  private wake(): void {
    if (this.running) this.again = true;
    // After this turn of the event loop: a burst of commits becomes one batch.
    else setImmediate(() => void this.drain().catch(() => undefined));
  }

  private async dispatchBatch(): Promise<number> {
    const token = randomBytes(12).toString('hex');
    const events = await this.history.claim(token, BATCH, LEASE_MS);
    if (!events.length) return 0;
    try {
      await this.brokers.publish(events);
    } catch (e) {
      // Back to the outbox at once (not after the lease), for the next try in a few seconds.
      await this.history.release(token);
      this.pausedUntil = Date.now() + PAUSE_AFTER_FAILURE_MS;
      throw e;
    }
    const deliveries = await this.deliveriesOf(events);
    await this.uow.run(async (tx) => {
      await this.subscriptions.addDeliveries(deliveries, tx);
      await this.history.markDispatched(
        events.map((e) => e.id),
        token,
        tx,
      );
    });
    if (deliveries.length) this.sender.wake();
    return events.length;
  }

  private async deliveriesOf(events: OutboxEvent[]) {
    const now = new Date(this.clock.now());
    const owners = [...new Set(events.flatMap((e) => (e.accountId === null ? [] : [e.accountId])))];
    const endpoints = await this.subscriptions.endpointsOf(owners);
    return events.flatMap((e) =>
      endpoints
        .filter((ep) => ep.accountId === e.accountId && ep.wants(e.type))
        .map((ep) => ({
          endpointId: ep.id,
          eventId: e.eventId,
          type: e.type,
          body: messageOf(e),
          createdAt: now,
          nextAttemptAt: now,
        })),
    );
  }
}
