import { randomBytes } from 'node:crypto';
import { Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { Clock } from '../../common/clock';
import { OutboundError, safeRequest } from '../../common/outbound/safe-request';
import { Job, Scheduler } from '../../common/scheduler';
import { Env } from '../../config/env';
import { RETRY_WINDOW_MS, nextAttemptAfter } from './retry-schedule';
import { WebhookDeliveriesRepository } from './webhook-deliveries.repository';
import type { WebhookDelivery } from './webhook-delivery.entity';
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
  private running?: Promise<number>;
  private again = false;

  constructor(
    private readonly deliveries: WebhookDeliveriesRepository,
    private readonly endpoints: WebhookEndpointsRepository,
    private readonly clock: Clock,
    private readonly env: Env,
    private readonly scheduler: Scheduler,
  ) {}

  onApplicationBootstrap(): void {
    this.job = this.scheduler.every('webhooks: send due deliveries', 1_000, () => this.drain());
  }

  onModuleDestroy(): void {
    this.job?.stop();
  }

  wake(): void {
    if (this.running) this.again = true;
    else setImmediate(() => void this.drain().catch((e) => this.logger.warn(String(e))));
  }

  /** Sends what is due until nothing is; the number of attempts made. */
  async drain(): Promise<number> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      let total = 0;
      try {
        do {
          this.again = false;
          for (let n; (n = await this.sendBatch()) > 0;) total += n;
        } while (this.again);
      } finally {
        this.running = undefined;
      }
      return total;
    })();
    return this.running;
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
    const endpoints = new Map<number, WebhookEndpoint | null>();
    for (const d of due) {
      if (!endpoints.has(d.endpointId)) {
        endpoints.set(d.endpointId, await this.endpoints.getById(d.endpointId));
      }
    }
    await Promise.all(due.map((d) => this.attempt(d, endpoints.get(d.endpointId) ?? null, token)));
    return due.length;
  }

  private async attempt(d: WebhookDelivery, ep: WebhookEndpoint | null, token: string) {
    if (!ep?.enabled) {
      const error = 'The endpoint is switched off';
      return this.deliveries.settle(d.id, token, { status: 'failed', nextAttemptAt: null, error });
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
    let outcome: Partial<WebhookDelivery>;
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
      outcome = {
        responseStatus: res.status,
        durationMs: res.durationMs,
        responseBody: res.body.toString('utf8'),
        error: ok ? null : `The endpoint answered ${res.status}`,
      };
      if (ok) {
        await this.deliveries.settle(d.id, token, {
          ...outcome,
          attempts,
          status: 'delivered',
          nextAttemptAt: null,
        });
        if (ep.failingSince) await this.endpoints.update(ep.id, { failingSince: null });
        return;
      }
    } catch (e) {
      outcome = {
        responseStatus: null,
        durationMs: Math.round(performance.now() - started),
        responseBody: null,
        error: (e instanceof OutboundError ? e.message : String(e)).slice(0, 200),
      };
    }
    await this.failed(d, ep, token, attempts, outcome);
  }

  private async failed(
    d: WebhookDelivery,
    ep: WebhookEndpoint,
    token: string,
    attempts: number,
    outcome: Partial<WebhookDelivery>,
  ) {
    const now = this.clock.now();
    const next = now + nextAttemptAfter(attempts);
    const givenUp = next > d.createdAt.getTime() + RETRY_WINDOW_MS;
    await this.deliveries.settle(d.id, token, {
      ...outcome,
      attempts,
      status: givenUp ? 'failed' : 'pending',
      nextAttemptAt: givenUp ? null : new Date(next),
    });
    await this.endpoints.markFailing(ep.id, new Date(now));
    // Failing for three days: by the clock, or a delivery's three days of attempts all failed
    // with nothing delivered since it began.
    const since = ep.failingSince?.getTime();
    if (
      since !== undefined &&
      (now - since >= RETRY_WINDOW_MS || (givenUp && since <= d.createdAt.getTime() + 60_000))
    ) {
      await this.switchOff(ep);
    }
  }

  private async switchOff(ep: WebhookEndpoint) {
    const reason = `Switched off: every delivery since ${ep.failingSince!.toISOString()} failed`;
    await this.endpoints.update(ep.id, { enabled: false, disabledReason: reason });
    await this.deliveries.failPendingOf(ep.id);
    this.logger.warn(`endpoint ${ep.id} of account ${ep.accountId}: ${reason}`);
  }
}
