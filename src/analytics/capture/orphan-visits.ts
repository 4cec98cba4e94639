import { Injectable, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { isbot } from 'isbot';
import { Clock } from '../../common/clock';
import { UnitOfWork } from '../../database/unit-of-work';
import { OrphanCount, OrphanVisitsRepository } from '../store/orphan-visits.repository';
import { Scheduler } from '../../common/scheduler';
import { WriteBehind } from '../../common/write-behind';

const FLUSH_EVERY_MS = 2000;
/** Distinct paths held between flushes; a scanner's flood of random paths stops here. */
const MAX_PATHS = 10_000;

/**
 * Visits of addresses on our domains that no share holds, counted per domain and path (as Shlink
 * does): a mistyped slug, a deleted link still printed somewhere, a scanner. Counted in memory and
 * added to the table every two seconds (write-behind).
 */
@Injectable()
export class OrphanVisits implements OnModuleInit, OnModuleDestroy {
  private readonly buffer = new WriteBehind<string, OrphanCount>({
    name: 'orphan visits: write',
    everyMs: FLUSH_EVERY_MS,
    maxKeys: MAX_PATHS,
    merge: (into, more) => {
      into.visits += more.visits;
      into.bots += more.bots;
      if (more.lastAt > into.lastAt) into.lastAt = more.lastAt;
    },
    write: async (batch, written) => {
      await this.uow.run((tx) => this.repo.add([...batch.values()], tx));
      for (const key of batch.keys()) written(key);
    },
  });

  constructor(
    private readonly repo: OrphanVisitsRepository,
    private readonly clock: Clock,
    private readonly uow: UnitOfWork,
    private readonly scheduler: Scheduler,
  ) {}

  /** Paths whose counts wait to be written. */
  get waiting(): number {
    return this.buffer.size;
  }

  record(domainId: number, path: string, userAgent: string | undefined): void {
    const cut = path.slice(0, 255);
    const key = `${domainId} ${cut}`;
    let count = this.buffer.get(key);
    if (!count) {
      count = { domainId, path: cut, visits: 0, bots: 0, lastAt: new Date(0) };
      if (!this.buffer.add(key, count)) return;
    }
    if (isbot(userAgent ?? '')) count.bots++;
    else count.visits++;
    count.lastAt = new Date(this.clock.now());
  }

  onModuleInit(): void {
    this.buffer.start(this.scheduler);
  }

  onModuleDestroy(): Promise<void> {
    return this.buffer.stop();
  }

  flush(): Promise<void> {
    return this.buffer.flush();
  }

  list(domainIds: number[], limit: number) {
    return this.repo.listForDomains(domainIds, limit);
  }
}
