import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, IsNull, Repository } from 'typeorm';
import { plainInsert } from '../../database/plain-insert';
import { WebhookEndpoint } from './webhook-endpoint.entity';

@Injectable()
export class WebhookEndpointsRepository {
  constructor(
    @InjectRepository(WebhookEndpoint) private readonly repo: Repository<WebhookEndpoint>,
  ) {}

  insert(row: Omit<WebhookEndpoint, 'id'>): Promise<number> {
    return plainInsert(this.repo.manager, WebhookEndpoint, row);
  }

  listOwned(accountId: number): Promise<WebhookEndpoint[]> {
    return this.repo.find({ where: { accountId }, order: { id: 'ASC' } });
  }

  getOwned(id: number, accountId: number): Promise<WebhookEndpoint | null> {
    return this.repo.findOneBy({ id, accountId });
  }

  getById(id: number): Promise<WebhookEndpoint | null> {
    return this.repo.findOneBy({ id });
  }

  /** The switched-on endpoints of these accounts. */
  enabledOf(accountIds: number[]): Promise<WebhookEndpoint[]> {
    if (!accountIds.length) return Promise.resolve([]);
    return this.repo.findBy({ accountId: In(accountIds), enabled: true });
  }

  /** Every switched-on endpoint's account and event types. */
  enabledAll(): Promise<Pick<WebhookEndpoint, 'accountId' | 'events'>[]> {
    return this.repo.find({ select: { accountId: true, events: true }, where: { enabled: true } });
  }

  async update(id: number, changes: Partial<WebhookEndpoint>): Promise<void> {
    await this.repo.update({ id }, changes);
  }

  /** The first failure of a run of them (a later one keeps the first's time). */
  async markFailing(id: number, since: Date): Promise<void> {
    await this.repo.update({ id, failingSince: IsNull() }, { failingSince: since });
  }

  async delete(id: number, accountId: number): Promise<boolean> {
    return ((await this.repo.delete({ id, accountId })).affected ?? 0) > 0;
  }
}
