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

  async upsertByCode(values: Omit<Plan, 'id'>): Promise<void> {
    const existing = await this.getByCode(values.code);
    await this.repo.save(existing ? { ...existing, ...values } : this.repo.create(values));
  }
}
