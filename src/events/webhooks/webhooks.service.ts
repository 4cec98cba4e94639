import { Injectable } from '@nestjs/common';
import { Clock } from '../../common/clock';
import { DomainError, notFound } from '../../common/errors/domain-error';
import { checkPublicAddress } from '../../common/outbound/check-public-address';
import { Env } from '../../config/env';
import { EventInterest } from '../dispatch/event-interest';
import { newEventId } from '../../outbox/outbox';
import {
  CreatedWebhookDto,
  CreateWebhookDto,
  UpdateWebhookDto,
  WebhookDto,
} from './dto/webhook.dto';
import { DeliveryDto } from './dto/delivery.dto';
import { WebhookDeliveriesRepository } from './webhook-deliveries.repository';
import type { WebhookEndpoint } from './webhook-endpoint.entity';
import { WebhookEndpointsRepository } from './webhook-endpoints.repository';
import { WebhookSender } from './webhook-sender';
import { newWebhookSecret } from './webhook-signature';

/** Endpoints an account may have: each event is a delivery row to each of them. */
const MAX_ENDPOINTS = 20;

/** Each account's webhook endpoints and their delivery logs. */
@Injectable()
export class WebhooksService {
  constructor(
    private readonly endpoints: WebhookEndpointsRepository,
    private readonly deliveries: WebhookDeliveriesRepository,
    private readonly sender: WebhookSender,
    private readonly clock: Clock,
    private readonly env: Env,
    private readonly interest: EventInterest,
  ) {}

  async create(accountId: number, dto: CreateWebhookDto): Promise<CreatedWebhookDto> {
    if ((await this.endpoints.listOwned(accountId)).length >= MAX_ENDPOINTS) {
      throw new DomainError(400, 'plan_limit', `An account has at most ${MAX_ENDPOINTS} webhooks`);
    }
    await this.checkUrl(dto.url);
    const now = new Date(this.clock.now());
    const row = {
      accountId,
      url: dto.url,
      events: JSON.stringify([...new Set(dto.events)]),
      description: dto.description ?? null,
      secret: newWebhookSecret(),
      enabled: true,
      failingSince: null,
      disabledReason: null,
      createdAt: now,
      updatedAt: now,
    };
    const id = await this.endpoints.insert(row);
    await this.interest.refresh();
    const { disabled_reason: _, ...shown } = WebhookDto.from({ ...row, id });
    return { ...shown, secret: row.secret };
  }

  async list(accountId: number): Promise<WebhookDto[]> {
    return (await this.endpoints.listOwned(accountId)).map((ep) => WebhookDto.from(ep));
  }

  async get(accountId: number, id: number): Promise<WebhookDto> {
    return WebhookDto.from(await this.owned(accountId, id));
  }

  async update(accountId: number, id: number, dto: UpdateWebhookDto): Promise<WebhookDto> {
    await this.owned(accountId, id);
    if (dto.url !== undefined) await this.checkUrl(dto.url);
    const changes: Partial<WebhookEndpoint> = { updatedAt: new Date(this.clock.now()) };
    if (dto.url !== undefined) changes.url = dto.url;
    if (dto.events !== undefined) changes.events = JSON.stringify([...new Set(dto.events)]);
    if (dto.description !== undefined) changes.description = dto.description;
    if (dto.enabled !== undefined) {
      changes.enabled = dto.enabled;
      // Switched back on: its past failures no longer count towards switching it off.
      if (dto.enabled) Object.assign(changes, { failingSince: null, disabledReason: null });
    }
    await this.endpoints.update(id, changes);
    await this.interest.refresh();
    return this.get(accountId, id);
  }

  async delete(accountId: number, id: number): Promise<{ id: number; deleted: true }> {
    if (!(await this.endpoints.delete(id, accountId))) throw notFound('Webhook');
    await this.interest.refresh();
    return { id, deleted: true };
  }

  /** A `webhook.test` event to this endpoint alone, sent at once. */
  async sendTest(accountId: number, id: number): Promise<DeliveryDto> {
    const ep = await this.owned(accountId, id);
    const now = new Date(this.clock.now());
    const eventId = newEventId();
    const body = JSON.stringify({
      type: 'webhook.test',
      timestamp: now.toISOString(),
      data: { webhook_id: ep.id, message: 'A test event from Linkdrop' },
    });
    const row = {
      endpointId: ep.id,
      eventId,
      type: 'webhook.test',
      body,
      createdAt: now,
      nextAttemptAt: now,
    };
    const deliveryId = await this.deliveries.insertOne(row);
    this.sender.wake();
    return DeliveryDto.from((await this.deliveries.getOf(ep.id, deliveryId))!);
  }

  async deliveriesOf(accountId: number, id: number, page: number, perPage: number) {
    await this.owned(accountId, id);
    const rows = await this.deliveries.listOf(id, (page - 1) * perPage, perPage);
    return rows.map((d) => DeliveryDto.from(d));
  }

  /** The same with the first KiB of each answer and why an attempt failed (the page's log). */
  async deliveryLog(accountId: number, id: number, page: number, perPage: number) {
    await this.owned(accountId, id);
    const rows = await this.deliveries.listOf(id, (page - 1) * perPage, perPage);
    return rows.map((d) => ({ ...DeliveryDto.from(d), answer: d.responseBody, error: d.error }));
  }

  /** Sends a delivery again now, whatever became of it. */
  async retry(accountId: number, id: number, deliveryId: number): Promise<DeliveryDto> {
    const ep = await this.owned(accountId, id);
    const known =
      Number.isSafeInteger(deliveryId) && (await this.deliveries.getOf(ep.id, deliveryId));
    if (!known) throw notFound('Delivery');
    if (!ep.enabled) {
      throw new DomainError(409, 'conflict', 'Switch the endpoint on before sending again');
    }
    await this.deliveries.retryNow(deliveryId, new Date(this.clock.now()));
    this.sender.wake();
    return DeliveryDto.from((await this.deliveries.getOf(ep.id, deliveryId))!);
  }

  private async owned(accountId: number, id: number): Promise<WebhookEndpoint> {
    const ep = await this.endpoints.getOwned(id, accountId);
    if (!ep) throw notFound('Webhook');
    return ep;
  }

  private async checkUrl(url: string): Promise<void> {
    const refusal = await checkPublicAddress(url, this.env.WEBHOOK_ALLOW_PRIVATE);
    if (refusal) throw new DomainError(400, 'url_not_allowed', refusal);
  }
}
