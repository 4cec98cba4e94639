import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { Plan } from './plan.entity';

@Injectable()
export class PlansRepository {
  constructor(@InjectRepository(Plan) private readonly repo: Repository<Plan>) {}

  getByCode(code: string): Promise<Plan | null> {
    return this.repo.findOneBy({ code });
  }

  /** One statement, so instances starting together cannot both insert the plan. */
  async upsertByCode(values: Omit<Plan, 'id'>): Promise<void> {
    await this.repo.upsert(values, { conflictPaths: ['code'] });
  }
}
