import { Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { Clock } from '../../common/clock';
import { Env } from '../../config/env';
import { VisitsRepository } from './visits.repository';
import { Job, Scheduler } from '../../common/scheduler';

const EVERY_MS = 60 * 60 * 1000;
const DAY_MS = 86_400_000;

/**
 * Every hour: deletes raw visits older than ANALYTICS_RETENTION_DAYS (0: kept for ever; the
 * rollups are kept for ever anyway) and the visitor hashes of days before yesterday.
 */
@Injectable()
export class VisitRetention implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(VisitRetention.name);
  private job?: Job;

  constructor(
    private readonly visits: VisitsRepository,
    private readonly env: Env,
    private readonly clock: Clock,
    private readonly scheduler: Scheduler,
  ) {}

  onApplicationBootstrap(): void {
    this.job = this.scheduler.every('visits: drop past retention', EVERY_MS, () => this.sweep());
  }

  onModuleDestroy(): void {
    this.job?.stop();
  }

  async sweep(): Promise<number> {
    const days = this.env.ANALYTICS_RETENTION_DAYS;
    try {
      // Yesterday's visitors still count: a late batch may hold visits from before midnight.
      await this.visits.pruneVisitorDays(Math.floor(this.clock.now() / DAY_MS) - 1);
      await this.visits.pruneEvents(new Date(this.clock.now() - 7 * DAY_MS));
      if (days === 0) return 0;
      return await this.visits.deleteBefore(new Date(this.clock.now() - days * DAY_MS));
    } catch (e) {
      this.logger.warn(`could not delete old visits: ${String(e)}`);
      return 0;
    }
  }
}
