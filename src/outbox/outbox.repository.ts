import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Brackets, IsNull, LessThan, Repository } from 'typeorm';
import { toDate, toDbTime, toNumber } from '../common/db-values';
import { escapeLike } from '../common/like';
import { plainInsert } from '../database/plain-insert';
import { managerOf, Tx } from '../database/unit-of-work';
import type { ClaimedEvent } from './claimed-event';
import { OutboxEvent } from './outbox-event.entity';

interface RawClaimed {
  id: number | string;
  event_id: string;
  type: string;
  account_id: number | string | null;
  occurred_at: Date | string;
  data: string;
}

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
   * Plain SQL, read as raw rows: this runs a few times a second under load, and the query
   * builder and entity hydration cost more than the queries.
   */
  async claim(token: string, now: Date, until: Date, limit: number): Promise<ClaimedEvent[]> {
    const [t, u] = [this.time(now), this.time(until)];
    const free = '(lease_until IS NULL OR lease_until < ?)';
    const ids = await this.events.query<{ id: number | string }[]>(
      `SELECT id FROM outbox_events WHERE dispatched_at IS NULL AND ${free} ORDER BY id LIMIT ${Math.floor(limit)}`,
      [t],
    );
    if (!ids.length) return [];
    const list = ids.map((r) => Number(r.id));
    const marks = list.map(() => '?').join(', ');
    await this.events.query(
      `UPDATE outbox_events SET lease_token = ?, lease_until = ? WHERE id IN (${marks}) AND dispatched_at IS NULL AND ${free}`,
      [token, u, ...list, t],
    );
    const rows = await this.events.query<RawClaimed[]>(
      `SELECT id, event_id, type, account_id, occurred_at, data FROM outbox_events WHERE id IN (${marks}) AND lease_token = ? ORDER BY id`,
      [...list, token],
    );
    return rows.map((r) => ({
      id: toNumber(r.id),
      eventId: r.event_id,
      type: r.type,
      accountId: r.account_id === null ? null : toNumber(r.account_id),
      occurredAt: toDate(r.occurred_at)!,
      data: r.data,
    }));
  }

  async release(ids: number[], token: string): Promise<void> {
    await this.events.query(
      `UPDATE outbox_events SET lease_token = NULL, lease_until = NULL WHERE id IN (${ids.map(() => '?').join(', ')}) AND lease_token = ?`,
      [...ids, token],
    );
  }

  async markDispatched(ids: number[], token: string, at: Date, tx: Tx): Promise<void> {
    await managerOf(tx).query(
      `UPDATE outbox_events SET dispatched_at = ?, lease_token = NULL, lease_until = NULL WHERE id IN (${ids.map(() => '?').join(', ')}) AND lease_token = ?`,
      [this.time(at), ...ids, token],
    );
  }

  private time(d: Date): Date | string {
    return toDbTime(d, this.events.manager.connection.options.type === 'mysql');
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

  /** Deletes the events from before `at`, walking the primary key (ids grow with time). */
  async deleteBefore(at: Date): Promise<number> {
    const [first] = await this.events.query<{ id: number | string }[]>(
      'SELECT id FROM outbox_events WHERE occurred_at >= ? ORDER BY id LIMIT 1',
      [this.time(at)],
    );
    const r = first
      ? await this.events.delete({ id: LessThan(toNumber(first.id)) })
      : await this.events.delete({ occurredAt: LessThan(at) });
    return r.affected ?? 0;
  }
}
