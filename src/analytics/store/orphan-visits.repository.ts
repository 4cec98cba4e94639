import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { managerOf, Tx } from '../../database/unit-of-work';
import { In, Repository } from 'typeorm';
import { existingIds, SqlRunner } from './sql/batch-sql';
import { OrphanVisit } from './orphan-visit.entity';

export interface OrphanCount {
  domainId: number;
  path: string;
  visits: number;
  bots: number;
  lastAt: Date;
}

/** The only owner of `orphan_visits`. */
@Injectable()
export class OrphanVisitsRepository {
  constructor(@InjectRepository(OrphanVisit) private readonly repo: Repository<OrphanVisit>) {}

  /**
   * Adds the counts to the stored ones, in `tx`. Counts of a domain removed since are left out:
   * kept, its foreign key refused every count of every later flush.
   */
  async add(counts: OrphanCount[], tx: Tx): Promise<void> {
    const mysql = this.repo.manager.connection.options.type === 'mysql';
    const update = mysql
      ? 'ON DUPLICATE KEY UPDATE visits = visits + VALUES(visits), bots = bots + VALUES(bots), ' +
        'last_at = GREATEST(last_at, VALUES(last_at))'
      : 'ON CONFLICT (domain_id, path) DO UPDATE SET visits = visits + excluded.visits, ' +
        'bots = bots + excluded.bots, last_at = MAX(last_at, excluded.last_at)';
    const driver = this.repo.manager.connection.driver;
    const lastAt = this.repo.metadata.findColumnWithPropertyName('lastAt')!;
    const em = managerOf(tx);
    const runner: SqlRunner = { mysql, query: (sql, params) => em.query(sql, params) };
    const live = await existingIds(runner, 'domains', [...new Set(counts.map((c) => c.domainId))]);
    for (const c of counts) {
      if (!live.has(c.domainId)) continue;
      const at = driver.preparePersistentValue(c.lastAt, lastAt) as unknown;
      await em.query(
        `INSERT INTO orphan_visits (domain_id, path, visits, bots, last_at) VALUES (?, ?, ?, ?, ?) ${update}`,
        [c.domainId, c.path, c.visits, c.bots, at],
      );
    }
  }

  /** The most visited orphan paths of these domains. */
  async listForDomains(domainIds: number[], limit: number): Promise<OrphanVisit[]> {
    if (domainIds.length === 0) return [];
    return this.repo.find({
      where: { domainId: In(domainIds) },
      order: { visits: 'DESC', path: 'ASC' },
      take: limit,
    });
  }
}
