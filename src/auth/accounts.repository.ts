import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Repository } from 'typeorm';
import { isUniqueViolation } from '../common/errors/unique-violation';
import { managerOf, Tx } from '../database/unit-of-work';
import { toDate, toNumber } from '../common/db-values';
import { Account } from './account.entity';
import { AUTH_COLUMNS, AuthRow, RawAuthRow, toAuthRow } from './auth-row';
import { NO_TRANSACTION } from '../database/sqlite/sqlite-write-lock';

export interface AdminAccountRow {
  id: number;
  email: string;
  isAdmin: boolean;
  disabledAt: Date | null;
  storageBytes: number;
  planExpiresAt: Date | null;
  createdAt: Date;
  planCode: string;
  shares: number;
}

@Injectable()
export class AccountsRepository {
  constructor(@InjectRepository(Account) private readonly repo: Repository<Account>) {}

  /** Inserts; null when the email is taken (also under a race with another sign-up). */
  async insert(
    values: Pick<Account, 'email' | 'passwordHash' | 'planId' | 'isAdmin' | 'emailVerifiedAt'>,
    tx?: Tx,
  ) {
    const now = new Date();
    const repo = tx ? managerOf(tx).getRepository(Account) : this.repo;
    const account = repo.create({
      ...values,
      planExpiresAt: null,
      storageBytes: 0,
      createdAt: now,
      updatedAt: now,
    });
    try {
      return await repo.save(account, NO_TRANSACTION);
    } catch (e) {
      if (isUniqueViolation(e)) return null;
      throw e;
    }
  }

  getByEmail(email: string): Promise<Account | null> {
    return this.repo.findOne({ where: { email }, relations: { plan: true } });
  }

  /** What a request needs of the account and its plan (AuthRow), by id. */
  async getForAuth(id: number): Promise<AuthRow | null> {
    const rows: RawAuthRow[] = await this.repo.query(
      `SELECT NULL AS last_used_at, NULL AS expires_at, ${AUTH_COLUMNS}
         FROM accounts a JOIN plans p ON p.id = a.plan_id
        WHERE a.id = ?`,
      [id],
    );
    return rows[0] ? toAuthRow(rows[0]) : null;
  }

  /** The emails of these accounts, by id (deleted ones are left out). */
  async emailsOf(ids: number[]): Promise<Map<number, string>> {
    if (!ids.length) return new Map();
    const rows = await this.repo.find({
      select: { id: true, email: true },
      where: { id: In(ids) },
    });
    return new Map(rows.map((r) => [r.id, r.email]));
  }

  getById(id: number): Promise<Account | null> {
    return this.repo.findOne({ where: { id }, relations: { plan: true } });
  }

  /** A page of accounts for the admin area, newest first, with what they store and share. */
  async listForAdmin(search: string, page: number, perPage: number): Promise<AdminAccountRow[]> {
    const rows: Record<string, unknown>[] = await this.repo.query(
      `SELECT a.id, a.email, a.is_admin, a.disabled_at, a.storage_bytes, a.plan_expires_at,
              a.created_at, p.code AS plan_code,
              (SELECT COALESCE(SUM(c.shares), 0) FROM account_share_counts c
                WHERE c.account_id = a.id) AS shares
         FROM accounts a JOIN plans p ON p.id = a.plan_id
        WHERE a.email LIKE ?
        ORDER BY a.id DESC LIMIT ? OFFSET ?`,
      // An admin's search: % and _ work as LIKE's wildcards.
      [`%${search}%`, perPage, (page - 1) * perPage],
    );
    return rows.map((r) => ({
      id: toNumber(r.id as number),
      email: r.email as string,
      isAdmin: Boolean(Number(r.is_admin)),
      disabledAt: toDate(r.disabled_at as string | null),
      storageBytes: toNumber(r.storage_bytes as number),
      planExpiresAt: toDate(r.plan_expires_at as string | null),
      createdAt: toDate(r.created_at as string)!,
      planCode: r.plan_code as string,
      shares: toNumber(r.shares as number),
    }));
  }

  /** How many accounts an admin's search finds. */
  async countForAdmin(search: string): Promise<number> {
    const rows: { n: number | string }[] = await this.repo.query(
      'SELECT COUNT(*) AS n FROM accounts WHERE email LIKE ?',
      [`%${search}%`],
    );
    return toNumber(rows[0]?.n ?? 0);
  }

  async getStorageBytes(id: number): Promise<number | null> {
    const rows: { storage_bytes: number | string }[] = await this.repo.query(
      'SELECT storage_bytes FROM accounts WHERE id = ?',
      [id],
    );
    return rows[0] ? toNumber(rows[0].storage_bytes) : null;
  }

  async setDisabled(id: number, at: Date | null, tx: Tx): Promise<boolean> {
    const repo = managerOf(tx).getRepository(Account);
    const result = await repo.update({ id }, { disabledAt: at, updatedAt: new Date() });
    return (result.affected ?? 0) > 0;
  }

  async setWatchTargets(id: number, on: boolean, tx: Tx): Promise<void> {
    const repo = managerOf(tx).getRepository(Account);
    await repo.update({ id }, { watchTargets: on, updatedAt: new Date() });
  }

  /** Gives or takes the admin role, in the caller's transaction. */
  async setAdmin(id: number, isAdmin: boolean, tx: Tx): Promise<void> {
    const repo = managerOf(tx).getRepository(Account);
    await repo.update({ id }, { isAdmin, updatedAt: new Date() });
  }

  /** The admins' ids, their rows locked till the transaction ends (MySQL; SQLite's take turns). */
  async lockAdmins(tx: Tx): Promise<number[]> {
    const qb = managerOf(tx)
      .getRepository(Account)
      .createQueryBuilder('a')
      .select('a.id', 'id')
      .where('a.is_admin = :admin', { admin: true });
    if (qb.connection.options.type === 'mysql') qb.setLock('pessimistic_write');
    return (await qb.getRawMany<{ id: number | string }>()).map((r) => Number(r.id));
  }

  async setEmailVerified(id: number, at: Date): Promise<void> {
    await this.repo.update({ id }, { emailVerifiedAt: at });
  }

  count(): Promise<number> {
    return this.repo.count();
  }

  async setPasswordHash(id: number, passwordHash: string): Promise<void> {
    await this.repo.update({ id }, { passwordHash });
  }

  async setPlan(id: number, planId: number, expiresAt: Date | null, tx: Tx): Promise<void> {
    await managerOf(tx)
      .getRepository(Account)
      .update({ id }, { planId, planExpiresAt: expiresAt, updatedAt: new Date() });
  }

  /** Gives stored bytes back, in the transaction that removes the file. */
  async releaseStorageBytes(id: number, bytes: number, tx: Tx): Promise<void> {
    await managerOf(tx).getRepository(Account).decrement({ id }, 'storageBytes', bytes);
  }

  /**
   * Adds `bytes` to the account's usage only if the total stays within `quota`, in one
   * conditional UPDATE: parallel uploads can never pass the quota together. It also takes the
   * row's write lock first, before any insert locks it through a foreign key (no deadlock).
   */
  async reserveStorageBytes(id: number, bytes: number, quota: number, tx: Tx): Promise<boolean> {
    const result = await managerOf(tx)
      .createQueryBuilder()
      .update(Account)
      .set({ storageBytes: () => 'storage_bytes + :bytes' })
      .where('id = :id AND storage_bytes + :bytes <= :quota', { id, bytes, quota })
      .execute();
    return (result.affected ?? 0) > 0;
  }
}
