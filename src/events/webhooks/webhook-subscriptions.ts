import { Injectable } from '@nestjs/common';
import type { Tx } from '../../database/unit-of-work';
import { NewDelivery, WebhookDeliveriesRepository } from './webhook-deliveries.repository';
import { WebhookEndpointsRepository } from './webhook-endpoints.repository';

export interface Subscriber {
  id: number;
  accountId: number;
  wants(type: string): boolean;
}

/** Whether an endpoint subscribed to `events` (its stored JSON list) wants a type. */
function wanting(events: string): (type: string) => boolean {
  const types = new Set(JSON.parse(events) as string[]);
  return (type) => types.has('*') || types.has(type);
}

/** Which endpoints want an event; the dispatcher's view of webhooks. */
@Injectable()
export class WebhookSubscriptions {
  constructor(
    private readonly endpoints: WebhookEndpointsRepository,
    private readonly deliveries: WebhookDeliveriesRepository,
  ) {}

  async endpointsOf(accountIds: number[]): Promise<Subscriber[]> {
    return (await this.endpoints.enabledOf(accountIds)).map((ep) => ({
      id: ep.id,
      accountId: ep.accountId,
      wants: wanting(ep.events),
    }));
  }

  /** The accounts with a switched-on endpoint that wants `type`. */
  async accountsWanting(type: string): Promise<number[]> {
    const all = await this.endpoints.enabledAll();
    return all.filter((ep) => wanting(ep.events)(type)).map((ep) => ep.accountId);
  }

  addDeliveries(rows: NewDelivery[], tx: Tx): Promise<void> {
    return this.deliveries.insertMany(rows, tx);
  }
}
