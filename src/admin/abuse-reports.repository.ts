import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { AbuseReport } from './abuse-report.entity';

/** The only owner of `abuse_reports`. */
@Injectable()
export class AbuseReportsRepository {
  constructor(@InjectRepository(AbuseReport) private readonly repo: Repository<AbuseReport>) {}

  async insert(row: Omit<AbuseReport, 'id'>): Promise<void> {
    await this.repo.insert(row);
  }

  listOpen(limit: number): Promise<AbuseReport[]> {
    return this.repo.find({ where: { status: 'open' }, order: { id: 'ASC' }, take: limit });
  }

  getById(id: number): Promise<AbuseReport | null> {
    return this.repo.findOneBy({ id });
  }

  /** Closes every open report of the share. */
  async resolveAllOf(linkId: number, status: string, at: Date): Promise<void> {
    await this.repo.update({ linkId, status: 'open' }, { status, resolvedAt: at });
  }

  async resolve(id: number, status: string, at: Date): Promise<boolean> {
    const result = await this.repo.update({ id, status: 'open' }, { status, resolvedAt: at });
    return (result.affected ?? 0) > 0;
  }
}
