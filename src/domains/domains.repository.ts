import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { isUniqueViolation } from '../common/errors/unique-violation';
import { Domain } from './domain.entity';

@Injectable()
export class DomainsRepository {
  constructor(@InjectRepository(Domain) private readonly repo: Repository<Domain>) {}

  listAll(): Promise<Domain[]> {
    return this.repo.find();
  }

  /**
   * The row of a verified custom domain: this account's (kept from an earlier verification), or
   * a new one; null when another account holds the host.
   */
  async ensureCustom(host: string, accountId: number): Promise<number | null> {
    const existing = await this.repo.findOneBy({ host });
    if (existing) return existing.accountId === accountId ? existing.id : null;
    try {
      await this.repo.insert({ host, accountId, createdAt: new Date() });
    } catch (e) {
      if (!isUniqueViolation(e)) throw e;
    }
    const row = await this.repo.findOneBy({ host });
    return row?.accountId === accountId ? row.id : null;
  }

  async delete(id: number): Promise<void> {
    await this.repo.delete({ id });
  }

  /** Inserts a system domain unless it is there already (several instances may start at once). */
  async ensureSystem(host: string): Promise<void> {
    if (await this.repo.existsBy({ host })) return;
    try {
      await this.repo.insert({ host, accountId: null, createdAt: new Date() });
    } catch (e) {
      if (!isUniqueViolation(e)) throw e;
    }
  }
}
