import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { LessThanOrEqual, Not, Repository } from 'typeorm';
import { CustomDomain } from './custom-domain.entity';
import { managerOf, Tx } from '../database/unit-of-work';
import { NO_TRANSACTION } from '../database/sqlite/sqlite-write-lock';

export type NewCustomDomain = Pick<CustomDomain, 'accountId' | 'host' | 'token' | 'nextCheckAt'>;

/** The only owner of `custom_domains`. */
@Injectable()
export class CustomDomainsRepository {
  constructor(@InjectRepository(CustomDomain) private readonly repo: Repository<CustomDomain>) {}

  insert(values: NewCustomDomain): Promise<CustomDomain> {
    return this.repo.save(
      this.repo.create({
        ...values,
        status: 'pending',
        domainId: null,
        rootRedirectUrl: null,
        notFoundRedirectUrl: null,
        createdAt: new Date(),
        verifiedAt: null,
        checkedAt: null,
        txtMissingSince: null,
      }),
      NO_TRANSACTION,
    );
  }

  listAll(): Promise<CustomDomain[]> {
    return this.repo.find({ order: { id: 'ASC' } });
  }

  listByAccount(accountId: number): Promise<CustomDomain[]> {
    return this.repo.find({ where: { accountId }, order: { id: 'ASC' } });
  }

  countByAccount(accountId: number): Promise<number> {
    return this.repo.countBy({ accountId });
  }

  getById(id: number): Promise<CustomDomain | null> {
    return this.repo.findOneBy({ id });
  }

  getOwned(id: number, accountId: number): Promise<CustomDomain | null> {
    return this.repo.findOneBy({ id, accountId });
  }

  /** Other accounts' claims on a host. */
  othersOnHost(host: string, accountId: number): Promise<CustomDomain[]> {
    return this.repo.findBy({ host, accountId: Not(accountId) });
  }

  ownOnHost(host: string, accountId: number): Promise<CustomDomain | null> {
    return this.repo.findOneBy({ host, accountId });
  }

  /** Claims whose background check is due, oldest due first. */
  dueForCheck(now: Date, limit: number): Promise<CustomDomain[]> {
    return this.repo.find({
      where: { nextCheckAt: LessThanOrEqual(now) },
      order: { nextCheckAt: 'ASC' },
      take: limit,
    });
  }

  async update(id: number, changes: Partial<CustomDomain>, tx?: Tx): Promise<void> {
    await (tx ? managerOf(tx).getRepository(CustomDomain) : this.repo).update({ id }, changes);
  }

  async delete(id: number): Promise<void> {
    await this.repo.delete({ id });
  }
}
