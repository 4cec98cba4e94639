import { randomBytes } from 'node:crypto';
import { Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { Clock } from '../../common/clock';
import { OutboundError, safeRequest } from '../../common/outbound/safe-request';
import { Backlog } from '../../common/backlog';
import { Job, Scheduler } from '../../common/scheduler';
import { Env } from '../../config/env';
import { UnitOfWork } from '../../database/unit-of-work';
import { RETRY_WINDOW_MS, nextAttemptAfter } from './retry-schedule';
import { WebhookDeliveriesRepository } from './webhook-deliveries.repository';
import type { WebhookDelivery } from './webhook-delivery.entity';
import type { Settled } from './webhook-deliveries.repository';
import type { WebhookEndpoint } from './webhook-endpoint.entity';
import { WebhookEndpointsRepository } from './webhook-endpoints.repository';
import { signedHeaders } from './webhook-signature';

const BATCH = 64;
const LEASE_MS = 60_000;
const KEPT_ANSWER = 1024;

/**
 * Sends due deliveries, signed (Standard Webhooks), and writes down what came back. A 2xx is
 * delivered; anything else (an error status, a time-out, a refused address) is tried again
 * after a growing wait for three days from the event. An endpoint that has failed every
 * delivery for three days is switched off, and its owner sees why.
 */
@Injectable()
export class WebhookSender implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('Webhooks');
  private job?: Job;
  // Requests come first: while they keep the instance busy, a batch every 200 ms.
  private readonly backlog = new Backlog(
    () => this.sendBatch(),
    BATCH,
    20,
    (e) => this.logger.warn(String(e)),
    200,
  );

  constructor(
    private readonly deliveries: WebhookDeliveriesRepository,
    private readonly endpoints: WebhookEndpointsRepository,
    private readonly clock: Clock,
    private readonly env: Env,
    private readonly scheduler: Scheduler,
    private readonly uow: UnitOfWork,
  ) {}

  onApplicationBootstrap(): void {
    this.job = this.scheduler.every('webhooks: send due deliveries', 1_000, () => this.drain());
  }

  onModuleDestroy(): void {
    this.job?.stop();
    this.backlog.stop();
  }

  /** New deliveries were written: they go out soon. */
  wake(): void {
    this.backlog.wake();
  }

  /** Sends what is due until nothing is; the number of attempts made. */
  drain(): Promise<number> {
    return this.backlog.drain();
  }

  private async sendBatch(): Promise<number> {
    const token = randomBytes(12).toString('hex');
    const now = this.clock.now();
    const due = await this.deliveries.claimDue(
      token,
      new Date(now),
      new Date(now + LEASE_MS),
      BATCH,
    );
    if (!due.length) return 0;
    const endpoints = new Map<number, WebhookEndpoint | null>();
    for (const d of due) {
      if (!endpoints.has(d.endpointId)) {
        endpoints.set(d.endpointId, await this.endpoints.getById(d.endpointId));
      }
    }
    const outcomes = await Promise.all(
      due.map((d) => this.attempt(d, endpoints.get(d.endpointId) ?? null)),
    );
    // What came back, written in one transaction for the whole batch.
    await this.uow.run((tx) => this.deliveries.settleAll(outcomes, token, tx));
    for (const ep of endpoints.values()) {
      if (ep?.enabled) await this.noteHealth(ep, due, outcomes);
    }
    return due.length;
  }

  /** One attempt: what it got, and what becomes of the delivery (nothing is written here). */
  private async attempt(d: WebhookDelivery, ep: WebhookEndpoint | null): Promise<Settled> {
    if (!ep?.enabled) {
      return { ...NO_ANSWER, id: d.id, attempts: d.attempts, status: 'failed', error: OFF };
    }
    // The signature's time is the wall clock's: receivers check it against theirs.
    const timestamp = Math.floor(Date.now() / 1000);
    const headers = {
      'content-type': 'application/json',
      'user-agent': 'Linkdrop-Webhooks/1.0',
      ...signedHeaders(ep.secret, d.eventId, timestamp, d.body),
    };
    const attempts = d.attempts + 1;
    const started = performance.now();
    let answer: Pick<Settled, 'responseStatus' | 'durationMs' | 'responseBody' | 'error'>;
    try {
      const res = await safeRequest({
        url: ep.url,
        method: 'POST',
        headers,
        body: d.body,
        timeoutMs: 10_000,
        maxResponseBytes: KEPT_ANSWER,
        allowPrivate: this.env.WEBHOOK_ALLOW_PRIVATE,
      });
      const ok = res.status >= 200 && res.status < 300;
      answer = {
        responseStatus: res.status,
        durationMs: res.durationMs,
        responseBody: res.body.toString('utf8'),
        error: ok ? null : `The endpoint answered ${res.status}`,
      };
      if (ok) return { ...answer, id: d.id, attempts, status: 'delivered', nextAttemptAt: null };
    } catch (e) {
      answer = {
        responseStatus: null,
        durationMs: Math.round(performance.now() - started),
        responseBody: null,
        error: (e instanceof OutboundError ? e.message : String(e)).slice(0, 200),
      };
    }
    const next = this.clock.now() + nextAttemptAfter(attempts);
    const givenUp = next > d.createdAt.getTime() + RETRY_WINDOW_MS;
    return {
      ...answer,
      id: d.id,
      attempts,
      status: givenUp ? 'failed' : 'pending',
      nextAttemptAt: givenUp ? null : new Date(next),
    };
  }

  /**
   * An endpoint's state after a batch: any delivery that got through clears its failures; else
   * it is failing since its first failure, and switched off after three days of failing (by the
   * clock, or a delivery's three days of attempts all failed with nothing delivered since).
   */
  private async noteHealth(ep: WebhookEndpoint, due: WebhookDelivery[], outcomes: Settled[]) {
    const mine = due.flatMap((d, i) => (d.endpointId === ep.id ? [{ d, o: outcomes[i] }] : []));
    if (mine.some(({ o }) => o.status === 'delivered')) {
      if (ep.failingSince) await this.endpoints.update(ep.id, { failingSince: null });
      return;
    }
    const now = this.clock.now();
    await this.endpoints.markFailing(ep.id, new Date(now));
    const since = ep.failingSince?.getTime();
    if (since === undefined) return;
    const exhausted = mine.some(
      ({ d, o }) => o.status === 'failed' && since <= d.createdAt.getTime() + 60_000,
    );
    if (now - since >= RETRY_WINDOW_MS || exhausted) await this.switchOff(ep);
  }

  private async switchOff(ep: WebhookEndpoint) {
    const reason = `Switched off: every delivery since ${ep.failingSince!.toISOString()} failed`;
    await this.endpoints.update(ep.id, { enabled: false, disabledReason: reason });
    await this.deliveries.failPendingOf(ep.id);
    this.logger.warn(`endpoint ${ep.id} of account ${ep.accountId}: ${reason}`);
  }
}

const OFF = 'The endpoint is switched off';
const NO_ANSWER = {
  responseStatus: null,
  durationMs: null,
  responseBody: null,
  nextAttemptAt: null,
};
