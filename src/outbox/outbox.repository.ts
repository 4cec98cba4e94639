import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Brackets, In, IsNull, LessThan, Repository } from 'typeorm';
import { escapeLike } from '../common/like';
import { plainInsert } from '../database/plain-insert';
import { managerOf, Tx } from '../database/unit-of-work';
import { OutboxEvent } from './outbox-event.entity';

export type NewOutboxEvent = Omit<OutboxEvent, 'id' | 'dispatchedAt' | 'leaseToken' | 'leaseUntil'>;

export interface EventFilter {
  accountId?: number;
  /** Exact types, or a family (`link` for `link.*`). */
  action?: string;
  types?: readonly string[];
  exceptTypes?: readonly string[];
  from?: Date;
  to?: Date;
}

@Injectable()
export class OutboxRepository {
  constructor(@InjectRepository(OutboxEvent) private readonly events: Repository<OutboxEvent>) {}

  async insert(row: NewOutboxEvent, tx?: Tx): Promise<void> {
    await plainInsert(tx ? managerOf(tx) : this.events.manager, OutboxEvent, row);
  }

  async insertMany(rows: NewOutboxEvent[], tx: Tx): Promise<void> {
    const repo = managerOf(tx).getRepository(OutboxEvent);
    // SQLite takes at most 999 parameters a statement.
    for (let i = 0; i < rows.length; i += 50) {
      await repo
        .createQueryBuilder()
        .insert()
        .values(rows.slice(i, i + 50))
        .updateEntity(false)
        .execute();
    }
  }

  /**
   * Claims up to `limit` undelivered events for `token` until `until`: rows another dispatcher
   * holds (an unexpired lease) are left alone, so two instances never hand out the same event.
   */
  async claim(token: string, now: Date, until: Date, limit: number): Promise<OutboxEvent[]> {
    const free = () =>
      new Brackets((w) => w.where('lease_until IS NULL').orWhere('lease_until < :now', { now }));
    const candidates = await this.events
      .createQueryBuilder('e')
      .select('e.id', 'id')
      .where('e.dispatched_at IS NULL')
      .andWhere(free())
      .orderBy('e.id', 'ASC')
      .limit(limit)
      .getRawMany<{ id: number | string }>();
    if (!candidates.length) return [];
    await this.events
      .createQueryBuilder()
      .update()
      .set({ leaseToken: token, leaseUntil: until })
      .where({ id: In(candidates.map((c) => Number(c.id))), dispatchedAt: IsNull() })
      .andWhere(free())
      .execute();
    return this.events.find({ where: { leaseToken: token }, order: { id: 'ASC' } });
  }

  async release(token: string): Promise<void> {
    await this.events.update({ leaseToken: token }, { leaseToken: null, leaseUntil: null });
  }

  async markDispatched(ids: number[], token: string, at: Date, tx: Tx): Promise<void> {
    await managerOf(tx).update(
      OutboxEvent,
      { id: In(ids), leaseToken: token },
      { dispatchedAt: at, leaseToken: null, leaseUntil: null },
    );
  }

  countPending(): Promise<number> {
    return this.events.count({ where: { dispatchedAt: IsNull() } });
  }

  /** Newest first. */
  async list(f: EventFilter, offset: number, limit: number): Promise<OutboxEvent[]> {
    const q = this.events.createQueryBuilder('e').orderBy('e.id', 'DESC').offset(offset);
    if (f.accountId !== undefined) q.andWhere('e.account_id = :account', { account: f.accountId });
    if (f.types) q.andWhere('e.type IN (:...types)', { types: f.types });
    if (f.exceptTypes?.length) q.andWhere('e.type NOT IN (:...except)', { except: f.exceptTypes });
    const action = f.action;
    if (action) {
      q.andWhere(
        new Brackets((w) =>
          w
            .where('e.type = :action', { action })
            .orWhere("e.type LIKE :family ESCAPE '!'", { family: `${escapeLike(action)}.%` }),
        ),
      );
    }
    if (f.from) q.andWhere('e.occurred_at >= :from', { from: f.from });
    if (f.to) q.andWhere('e.occurred_at < :to', { to: f.to });
    return q.limit(limit).getMany();
  }

  async deleteBefore(at: Date): Promise<number> {
    const r = await this.events.delete({ occurredAt: LessThan(at) });
    return r.affected ?? 0;
  }
}
