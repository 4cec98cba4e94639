import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { LessThan, Repository } from 'typeorm';
import { SecurityEvent } from './security-event.entity';
import { Account } from '../account.entity';

export type NewSecurityEvent = Omit<SecurityEvent, 'id'>;

@Injectable()
export class SecurityLogRepository {
  constructor(
    @InjectRepository(SecurityEvent) private readonly events: Repository<SecurityEvent>,
  ) {}

  async insert(event: NewSecurityEvent): Promise<void> {
    await this.events.insert(event);
  }

  /** Newest first; `accountId` null: every account's (admins). */
  list(accountId: number | null, page: number, perPage: number): Promise<SecurityEvent[]> {
    return this.events.find({
      where: accountId === null ? {} : { accountId },
      order: { id: 'DESC' },
      skip: (page - 1) * perPage,
      take: perPage,
    });
  }

  /** Every account's events, newest first, with the account's email (admins). */
  async listAll(page: number, perPage: number): Promise<(SecurityEvent & { email: string })[]> {
    const rows = await this.events
      .createQueryBuilder('e')
      .innerJoin(Account, 'a', 'a.id = e.account_id')
      .addSelect('a.email', 'email')
      .orderBy('e.id', 'DESC')
      .offset((page - 1) * perPage)
      .limit(perPage)
      .getRawAndEntities<{ email: string }>();
    return rows.entities.map((e, i) => ({ ...e, email: rows.raw[i].email }));
  }

  async deleteBefore(at: Date): Promise<number> {
    return (await this.events.delete({ createdAt: LessThan(at) })).affected ?? 0;
  }
}
