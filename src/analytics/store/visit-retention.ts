import { Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { Clock } from '../../common/clock';
import { Env } from '../../config/env';
import { VisitsRepository } from './visits.repository';
import { Job, Scheduler } from '../../common/scheduler';

const EVERY_MS = 60 * 60 * 1000;
const DAY_MS = 86_400_000;

/**
 * Every hour: deletes raw visits older than ANALYTICS_RETENTION_DAYS (0: kept for ever; the
 * rollups are kept for ever anyway) and the visitor hashes of days before yesterday. The visit
 * log is gone through whole once a day (the first sweep of each UTC day, and the first after
 * start); the other sweeps stop where its visits are younger (see deleteBefore), so a visit
 * stored late may outlive its retention by a day at most.
 */
@Injectable()
export class VisitRetention implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(VisitRetention.name);
  private job?: Job;
  /** The UTC day of the last sweep through the whole visit log. */
  private wholeDay = -1;

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
      const today = Math.floor(this.clock.now() / DAY_MS);
      const whole = today !== this.wholeDay;
      const n = await this.visits.deleteBefore(new Date(this.clock.now() - days * DAY_MS), whole);
      if (whole) this.wholeDay = today;
      return n;
    } catch (e) {
      this.logger.warn(`could not delete old visits: ${String(e)}`);
      return 0;
    }
  }
}
