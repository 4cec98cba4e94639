import { Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { Clock } from '../../common/clock';
import { Job, Scheduler } from '../../common/scheduler';
import { TombstonesRepository } from './tombstones.repository';
import type { ShareTombstone } from './share-tombstone.entity';

/** A tombstone says "read and deleted" for 30 days; then the address is plainly empty. */
const KEEP_MS = 30 * 86_400_000;
const SWEEP_EVERY_MS = 6 * 3_600_000;

/** Reads of tombstones, and their sweep. */
@Injectable()
export class Tombstones implements OnModuleInit, OnModuleDestroy {
  private readonly log = new Logger(Tombstones.name);
  private job?: Job;

  constructor(
    private readonly repo: TombstonesRepository,
    private readonly scheduler: Scheduler,
    private readonly clock: Clock,
  ) {}

  /** The tombstone at an address no share holds, if one is kept. */
  async at(domainId: number, slug: string): Promise<ShareTombstone | null> {
    const found = await this.repo.find(domainId, slug);
    return found && found.removedAt.getTime() > this.clock.now() - KEEP_MS ? found : null;
  }

  onModuleInit(): void {
    const sweep = () =>
      this.repo
        .deleteBefore(new Date(this.clock.now() - KEEP_MS))
        .catch((e: Error) => this.log.warn(`sweep: ${e.message}`));
    this.job = this.scheduler.every('tombstones: forget the old', SWEEP_EVERY_MS, sweep);
  }

  onModuleDestroy(): void {
    this.job?.stop();
  }
}
