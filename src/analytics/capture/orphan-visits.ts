import { Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { isbot } from 'isbot';
import { Clock } from '../../common/clock';
import { UnitOfWork } from '../../database/unit-of-work';
import { OrphanCount, OrphanVisitsRepository } from '../store/orphan-visits.repository';
import { Job, Scheduler } from '../../common/scheduler';

const FLUSH_EVERY_MS = 2000;
/** Distinct paths held between flushes; a scanner's flood of random paths stops here. */
const MAX_PATHS = 10_000;

/**
 * Visits of addresses on our domains that no share holds, counted per domain and path (as Shlink
 * does): a mistyped slug, a deleted link still printed somewhere, a scanner. Counted in memory and
 * added to the table every two seconds.
 */
@Injectable()
export class OrphanVisits implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(OrphanVisits.name);
  private pending = new Map<string, OrphanCount>();
  private job?: Job;

  constructor(
    private readonly repo: OrphanVisitsRepository,
    private readonly clock: Clock,
    private readonly uow: UnitOfWork,
    private readonly scheduler: Scheduler,
  ) {}

  record(domainId: number, path: string, userAgent: string | undefined): void {
    const cut = path.slice(0, 255);
    const key = `${domainId} ${cut}`;
    let count = this.pending.get(key);
    if (!count) {
      if (this.pending.size >= MAX_PATHS) return;
      count = { domainId, path: cut, visits: 0, bots: 0, lastAt: new Date(0) };
      this.pending.set(key, count);
    }
    if (isbot(userAgent ?? '')) count.bots++;
    else count.visits++;
    count.lastAt = new Date(this.clock.now());
  }

  onModuleInit(): void {
    this.job = this.scheduler.every('orphan visits: write', FLUSH_EVERY_MS, () => this.flush());
  }

  async onModuleDestroy(): Promise<void> {
    this.job?.stop();
    await this.flush();
  }

  async flush(): Promise<void> {
    if (this.pending.size === 0) return;
    const batch = [...this.pending.values()];
    this.pending = new Map();
    try {
      await this.uow.run((tx) => this.repo.add(batch, tx));
    } catch (e) {
      // The database is away: the counts wait for the next flush.
      for (const c of batch) this.merge(c);
      this.logger.warn(`${batch.length} orphan counts wait for the database: ${String(e)}`);
    }
  }

  private merge(c: OrphanCount): void {
    const key = `${c.domainId} ${c.path}`;
    const now = this.pending.get(key);
    if (!now) {
      if (this.pending.size < MAX_PATHS) this.pending.set(key, c);
      return;
    }
    now.visits += c.visits;
    now.bots += c.bots;
    if (c.lastAt > now.lastAt) now.lastAt = c.lastAt;
  }

  list(domainIds: number[], limit: number) {
    return this.repo.listForDomains(domainIds, limit);
  }
}
