import { Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { Env } from '../../config/env';
import { Storage } from './storage';

const EVERY_MS = 10 * 60 * 1000;

/**
 * At start and every ten minutes, removes what interrupted uploads left in storage. Only what is
 * older than STORAGE_SWEEP_AFTER_SECONDS goes, so uploads in progress on other instances stay.
 */
@Injectable()
export class StorageSweeper implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(StorageSweeper.name);
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly storage: Storage,
    private readonly env: Env,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.sweep();
    this.timer = setInterval(() => void this.sweep(), EVERY_MS);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.timer);
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
