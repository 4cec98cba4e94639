import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { isUniqueViolation } from '../common/errors/unique-violation';
import { managerOf, Tx } from '../database/unit-of-work';
import { Account } from './account.entity';

@Injectable()
export class AccountsRepository {
  constructor(@InjectRepository(Account) private readonly repo: Repository<Account>) {}

  /** Inserts; null when the email is taken (also under a race with another sign-up). */
  async insert(values: Pick<Account, 'email' | 'passwordHash' | 'planId' | 'isAdmin'>) {
    const now = new Date();
    const account = this.repo.create({
      ...values,
      planExpiresAt: null,
      storageBytes: 0,
      createdAt: now,
      updatedAt: now,
    });
    try {
      return await this.repo.save(account);
    } catch (e) {
      if (isUniqueViolation(e)) return null;
      throw e;
    }
  }

  getByEmail(email: string): Promise<Account | null> {
    return this.repo.findOne({ where: { email }, relations: { plan: true } });
  }

  getById(id: number): Promise<Account | null> {
    return this.repo.findOne({ where: { id }, relations: { plan: true } });
  }

  count(): Promise<number> {
    return this.repo.count();
  }

  async setPasswordHash(id: number, passwordHash: string): Promise<void> {
    await this.repo.update({ id }, { passwordHash });
  }

  async setPlan(id: number, planId: number, expiresAt: Date | null): Promise<void> {
    await this.repo.update({ id }, { planId, planExpiresAt: expiresAt, updatedAt: new Date() });
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
