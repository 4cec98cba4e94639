import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Between, LessThan, MoreThanOrEqual, Repository } from 'typeorm';
import type { StatRow } from './stats/aggregate';
import { Visit } from './visit.entity';

/** The only owner of `visits`. */
@Injectable()
export class VisitsRepository {
  constructor(@InjectRepository(Visit) private readonly repo: Repository<Visit>) {}

  /** One multi-row INSERT per batch. */
  async insertMany(rows: Omit<Visit, 'id'>[]): Promise<void> {
    if (rows.length) await this.repo.insert(rows);
  }

  /** Visits of people (not bots) to a link since a time (or ever). */
  countHuman(linkId: number, since?: Date): Promise<number> {
    return this.repo.countBy({
      linkId,
      isBot: false,
      ...(since ? { at: MoreThanOrEqual(since) } : {}),
    });
  }

  /** What a stats query counts, for one link in [from, to]. */
  listForStats(linkId: number, from: Date, to: Date): Promise<StatRow[]> {
    return this.repo.find({
      select: {
        at: true,
        isBot: true,
        visitorHash: true,
        referrerHost: true,
        country: true,
        browser: true,
        os: true,
        device: true,
        language: true,
      },
      where: { linkId, at: Between(from, to) },
    });
  }

  listForLink(linkId: number, page: number, perPage: number): Promise<Visit[]> {
    return this.repo.find({
      where: { linkId },
      order: { at: 'DESC', id: 'DESC' },
      skip: (page - 1) * perPage,
      take: perPage,
    });
  }

  async deleteBefore(cutoff: Date): Promise<number> {
    const result = await this.repo.delete({ at: LessThan(cutoff) });
    return result.affected ?? 0;
  }
}
