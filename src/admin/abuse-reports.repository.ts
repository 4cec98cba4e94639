import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { toDate, toNumber } from '../common/db-values';
import { AbuseReport } from './abuse-report.entity';

/** The open reports of one share, summed up. */
export interface ReportGroup {
  linkId: number;
  reports: number;
  /** The newest report's id: the group's handle in the admin area. */
  latestId: number;
  firstAt: Date;
  lastAt: Date;
}

/** The only owner of `abuse_reports`. */
@Injectable()
export class AbuseReportsRepository {
  constructor(@InjectRepository(AbuseReport) private readonly repo: Repository<AbuseReport>) {}

  async insert(row: Omit<AbuseReport, 'id'>): Promise<void> {
    await this.repo.insert(row);
  }

  /** Shares with open reports, the most recently reported first. */
  async openGroups(offset: number, limit: number): Promise<ReportGroup[]> {
    const rows = await this.repo
      .createQueryBuilder('r')
      .select('r.link_id', 'linkId')
      .addSelect('COUNT(*)', 'reports')
      .addSelect('MAX(r.id)', 'latestId')
      .addSelect('MIN(r.created_at)', 'firstAt')
      .addSelect('MAX(r.created_at)', 'lastAt')
      .where('r.status = :open', { open: 'open' })
      .groupBy('r.link_id')
      .orderBy('MAX(r.id)', 'DESC')
      .offset(offset)
      .limit(limit)
      .getRawMany<Record<string, string | number>>();
    return rows.map((r) => ({
      linkId: toNumber(r.linkId),
      reports: toNumber(r.reports),
      latestId: toNumber(r.latestId),
      firstAt: toDate(r.firstAt as string)!,
      lastAt: toDate(r.lastAt as string)!,
    }));
  }

  /** Open reports in all, and the shares they are about. */
  async openTotals(): Promise<{ reports: number; shares: number }> {
    const r = await this.repo
      .createQueryBuilder('r')
      .select('COUNT(*)', 'reports')
      .addSelect('COUNT(DISTINCT r.link_id)', 'shares')
      .where('r.status = :open', { open: 'open' })
      .getRawOne<Record<string, string | number>>();
    return { reports: toNumber(r?.reports ?? 0), shares: toNumber(r?.shares ?? 0) };
  }

  /** The newest open reports of a share. */
  latestOpenOf(linkId: number, limit: number): Promise<AbuseReport[]> {
    return this.repo.find({
      where: { linkId, status: 'open' },
      order: { id: 'DESC' },
      take: limit,
    });
  }

  /** How many open reports of a share give each reason. */
  async openReasonsOf(linkId: number): Promise<{ reason: string; reports: number }[]> {
    const rows = await this.repo
      .createQueryBuilder('r')
      .select('r.reason', 'reason')
      .addSelect('COUNT(*)', 'reports')
      .where('r.link_id = :linkId AND r.status = :open', { linkId, open: 'open' })
      .groupBy('r.reason')
      .orderBy('COUNT(*)', 'DESC')
      .getRawMany<{ reason: string; reports: string | number }>();
    return rows.map((r) => ({ reason: r.reason, reports: toNumber(r.reports) }));
  }

  countOpenOf(linkId: number): Promise<number> {
    return this.repo.countBy({ linkId, status: 'open' });
  }

  hasOpenFrom(linkId: number, senderKey: string): Promise<boolean> {
    return this.repo.existsBy({ linkId, senderKey, status: 'open' });
  }

  getOpen(id: number): Promise<AbuseReport | null> {
    return this.repo.findOneBy({ id, status: 'open' });
  }

  /** Closes every open report of the share. */
  async resolveAllOf(linkId: number, status: string, at: Date): Promise<void> {
    await this.repo.update({ linkId, status: 'open' }, { status, resolvedAt: at });
  }
}
