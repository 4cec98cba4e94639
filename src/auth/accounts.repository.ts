import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { isUniqueViolation } from '../common/errors/unique-violation';
import { Account } from './account.entity';

export interface AccountCounts {
  links: number;
  texts: number;
  files: number;
}

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

  /** Links by kind; a kind's rows appear once its feature exists. */
  async countLinksByKind(accountId: number): Promise<AccountCounts> {
    const rows = await this.repo.manager
      .createQueryBuilder()
      .select('l.kind', 'kind')
      .addSelect('COUNT(*)', 'n')
      .from('links', 'l')
      .where('l.account_id = :accountId', { accountId })
      .groupBy('l.kind')
      .getRawMany<{ kind: string; n: string | number }>();
    const by = Object.fromEntries(rows.map((r) => [r.kind, Number(r.n)]));
    return { links: by.redirect ?? 0, texts: by.text ?? 0, files: by.file ?? 0 };
  }
}
