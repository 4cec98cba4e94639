import { Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { Env } from '../../config/env';
import { Storage } from './storage';
import { Job, Scheduler } from '../../common/scheduler';

const EVERY_MS = 10 * 60 * 1000;

/**
 * At start and every ten minutes, removes what interrupted uploads left in storage. Only what is
 * older than STORAGE_SWEEP_AFTER_SECONDS goes, so uploads in progress on other instances stay.
 */
@Injectable()
export class StorageSweeper implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(StorageSweeper.name);
  private job?: Job;

  constructor(
    private readonly storage: Storage,
    private readonly env: Env,
    private readonly scheduler: Scheduler,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.sweep();
    this.job = this.scheduler.every('storage: sweep abandoned partial uploads', EVERY_MS, () =>
      this.sweep(),
    );
  }

  onModuleDestroy(): void {
    this.job?.stop();
  }

  async sweep(): Promise<void> {
    try {
      const removed = await this.storage.sweepAbandoned(
        this.env.STORAGE_SWEEP_AFTER_SECONDS * 1000,
      );
      if (removed > 0) this.logger.log(`removed ${removed} abandoned partial upload(s)`);
    } catch (e) {
      this.logger.warn(`could not sweep abandoned uploads: ${String(e)}`);
    }
  }
}
