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

  async setPlan(id: number, planId: number, expiresAt: Date | null): Promise<void> {
    await this.repo.update({ id }, { planId, planExpiresAt: expiresAt, updatedAt: new Date() });
  }

  /** The running total of stored bytes, changed in the transaction that stores or removes. */
  async addStorageBytes(id: number, delta: number, tx: Tx): Promise<void> {
    await managerOf(tx).getRepository(Account).increment({ id }, 'storageBytes', delta);
  }
}
