import { Injectable } from '@nestjs/common';
import type { Tx } from '../../database/unit-of-work';
import { NewDelivery, WebhookDeliveriesRepository } from './webhook-deliveries.repository';
import { WebhookEndpointsRepository } from './webhook-endpoints.repository';

export interface Subscriber {
  id: number;
  accountId: number;
  wants(type: string): boolean;
}

/** Which endpoints want an event; the dispatcher's view of webhooks. */
@Injectable()
export class WebhookSubscriptions {
  constructor(
    private readonly endpoints: WebhookEndpointsRepository,
    private readonly deliveries: WebhookDeliveriesRepository,
  ) {}

  async endpointsOf(accountIds: number[]): Promise<Subscriber[]> {
    return (await this.endpoints.enabledOf(accountIds)).map((ep) => {
      const types = new Set(JSON.parse(ep.events) as string[]);
      return { id: ep.id, accountId: ep.accountId, wants: (t) => types.has('*') || types.has(t) };
    });
  }

  /** The accounts with a switched-on endpoint that wants `type`. */
  async accountsWanting(type: string): Promise<number[]> {
    const all = await this.endpoints.enabledAll();
    return all
      .filter((ep) => {
        const types = JSON.parse(ep.events) as string[];
        return types.includes('*') || types.includes(type);
      })
      .map((ep) => ep.accountId);
  }

  addDeliveries(rows: NewDelivery[], tx: Tx): Promise<void> {
    return this.deliveries.insertMany(rows, tx);
  }
}
