import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Brackets, In, Repository } from 'typeorm';
import { toDbTime } from '../../common/db-values';
import { plainInsert } from '../../database/plain-insert';
import { managerOf, Tx } from '../../database/unit-of-work';
import { WebhookDelivery } from './webhook-delivery.entity';

/** What an attempt got, and what becomes of the delivery. */
export type Settled = Pick<
  WebhookDelivery,
  | 'id'
  | 'status'
  | 'attempts'
  | 'responseStatus'
  | 'durationMs'
  | 'responseBody'
  | 'error'
  | 'nextAttemptAt'
>;

export type NewDelivery = Pick<
  WebhookDelivery,
  'endpointId' | 'eventId' | 'type' | 'body' | 'createdAt' | 'nextAttemptAt'
>;

@Injectable()
export class WebhookDeliveriesRepository {
  constructor(
    @InjectRepository(WebhookDelivery) private readonly repo: Repository<WebhookDelivery>,
  ) {}

  async insertMany(rows: NewDelivery[], tx?: Tx): Promise<void> {
    if (!rows.length) return;
    const repo = tx ? managerOf(tx).getRepository(WebhookDelivery) : this.repo;
    const full = rows.map((r) => ({ ...r, status: 'pending' as const, attempts: 0 }));
    // SQLite takes at most 999 parameters a statement: 100 rows of 8 columns.
    for (let i = 0; i < full.length; i += 100) {
      await repo
        .createQueryBuilder()
        .insert()
        .values(full.slice(i, i + 100))
        .updateEntity(false)
        .execute();
    }
  }

  /** One delivery (a test event); its id. */
  insertOne(row: NewDelivery): Promise<number> {
    return plainInsert(this.repo.manager, WebhookDelivery, {
      ...row,
      status: 'pending',
      attempts: 0,
    });
  }

  /** Due pending deliveries, held for `token` until `until` (one sender each). */
  async claimDue(token: string, now: Date, until: Date, limit: number): Promise<WebhookDelivery[]> {
    const free = () =>
      new Brackets((w) => w.where('lease_until IS NULL').orWhere('lease_until < :now', { now }));
    const due = await this.repo
      .createQueryBuilder('d')
      .select('d.id', 'id')
      .where("d.status = 'pending'")
      .andWhere('d.next_attempt_at <= :now', { now })
      .andWhere(free())
      .orderBy('d.next_attempt_at', 'ASC')
      .limit(limit)
      .getRawMany<{ id: number | string }>();
    if (!due.length) return [];
    const ids = due.map((d) => Number(d.id));
    await this.repo
      .createQueryBuilder()
      .update()
      .set({ leaseToken: token, leaseUntil: until })
      .where({ id: In(ids), status: 'pending' })
      .andWhere(free())
      .execute();
    return this.repo.find({ where: { id: In(ids), leaseToken: token } });
  }

  /** What each attempt of a batch got; the leases go. Plain SQL: one statement a delivery. */
  async settleAll(rows: Settled[], token: string, tx: Tx): Promise<void> {
    const em = managerOf(tx);
    const mysql = em.connection.options.type === 'mysql';
    const time = (d: Date | null) => (d === null ? null : toDbTime(d, mysql));
    for (const r of rows) {
      await em.query(
        'UPDATE webhook_deliveries SET status = ?, attempts = ?, response_status = ?, duration_ms = ?, response_body = ?, error = ?, next_attempt_at = ?, lease_token = NULL, lease_until = NULL WHERE id = ? AND lease_token = ?',
        [
          r.status,
          r.attempts,
          r.responseStatus,
          r.durationMs,
          r.responseBody,
          r.error,
          time(r.nextAttemptAt),
          r.id,
          token,
        ],
      );
    }
  }

  listOf(endpointId: number, offset: number, limit: number): Promise<WebhookDelivery[]> {
    return this.repo.find({
      where: { endpointId },
      order: { id: 'DESC' },
      skip: offset,
      take: limit,
    });
  }

  getOf(endpointId: number, id: number): Promise<WebhookDelivery | null> {
    return this.repo.findOneBy({ id, endpointId });
  }

  /** Sends it again now; past its first three days, one attempt only. */
  async retryNow(id: number, now: Date): Promise<void> {
    await this.repo.update({ id }, { status: 'pending', nextAttemptAt: now });
  }

  /** An endpoint switched off: what was waiting for it will not be sent. */
  async failPendingOf(endpointId: number): Promise<void> {
    await this.repo.update(
      { endpointId, status: 'pending' },
      { status: 'failed', nextAttemptAt: null, error: 'The endpoint was switched off' },
    );
  }

  countPending(): Promise<number> {
    return this.repo.countBy({ status: 'pending' });
  }
}
