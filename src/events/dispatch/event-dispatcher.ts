import { randomBytes } from 'node:crypto';
import { Injectable, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { Clock } from '../../common/clock';
import { Backlog } from '../../common/backlog';
import { Job, Scheduler } from '../../common/scheduler';
import { UnitOfWork } from '../../database/unit-of-work';
import { EventHistory } from '../../outbox/event-history';
import { Outbox } from '../../outbox/outbox';
import type { ClaimedEvent } from '../../outbox/claimed-event';
import { EventBrokers } from '../brokers/event-brokers';
import { messageOf } from '../brokers/event-message';
import { WebhookSubscriptions } from '../webhooks/webhook-subscriptions';
import { WebhookSender } from '../webhooks/webhook-sender';

const BATCH = 200;
const LEASE_MS = 60_000;
const PAUSE_AFTER_FAILURE_MS = 5_000;
const WAKE_AFTER_MS = 50;

/**
 * Takes committed events from the outbox and hands each to every subscriber: the brokers get
 * it, and each webhook endpoint that wants it gets a delivery row, written with the event's
 * "dispatched" mark in one transaction. A batch is leased first, so instances running side by
 * side never hand out one event twice; a dispatcher that dies leaves its lease to expire.
 */
@Injectable()
export class EventDispatcher implements OnApplicationBootstrap, OnModuleDestroy {
  private job?: Job;
  private readonly backlog = new Backlog(
    () => this.dispatchBatch(),
    BATCH,
    WAKE_AFTER_MS,
    () => {
      // Logged by the scheduled job's next try; the events wait in the outbox.
    },
    // Requests come first: while they keep the instance busy, a batch every 200 ms.
    200,
  );
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
    outbox.onRecorded(() => this.backlog.wake());
  }

  onApplicationBootstrap(): void {
    this.job = this.scheduler.every('events: dispatch the outbox', 1_000, () => this.drain());
  }

  onModuleDestroy(): void {
    this.job?.stop();
    this.backlog.stop();
  }

  /** Dispatches until the outbox holds nothing undelivered; the number of events handed out. */
  drain(): Promise<number> {
    return this.backlog.drain();
  }

  private async dispatchBatch(): Promise<number> {
    if (Date.now() < this.pausedUntil) return 0;
    const token = randomBytes(12).toString('hex');
    const events = await this.history.claim(token, BATCH, LEASE_MS);
    if (!events.length) return 0;
    try {
      await this.brokers.publish(events);
    } catch (e) {
      // Back to the outbox at once (not after the lease), for the next try in a few seconds.
      await this.history.release(events, token);
      this.pausedUntil = Date.now() + PAUSE_AFTER_FAILURE_MS;
      throw e;
    }
    try {
      if (await this.handOut(events, token)) this.sender.wake();
    } catch (e) {
      // The database refused (a lock, a moment away): back to the outbox for the next pass, not
      // held for the lease's minute. Brokers may then get these events twice (at least once).
      await this.history.release(events, token).catch(() => undefined);
      throw e;
    }
    return events.length;
  }

  /**
   * The events' webhook deliveries and their "dispatched" mark, in one transaction; how many
   * deliveries.
   */
  private async handOut(events: ClaimedEvent[], token: string): Promise<number> {
    const deliveries = await this.deliveriesOf(events);
    await this.uow.run(async (tx) => {
      await this.subscriptions.addDeliveries(deliveries, tx);
      await this.history.markDispatched(events, token, tx);
    });
    return deliveries.length;
  }

  private async deliveriesOf(events: ClaimedEvent[]) {
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
