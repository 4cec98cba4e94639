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
