import { Logger } from '@nestjs/common';
import { ThrottlerStorage, ThrottlerStorageService } from '@nestjs/throttler';
import type { ThrottlerStorageRecord } from '@nestjs/throttler/dist/throttler-storage-record.interface';

/**
 * Counts in Redis so that limits hold across instances; while Redis is away, counts on this
 * instance instead of failing the request (a Redis outage must not take the API down).
 */
export class FailOpenStorage implements ThrottlerStorage {
  private readonly logger = new Logger('RateLimit');
  private readonly local = new ThrottlerStorageService();
  private warned = false;

  constructor(private readonly shared: ThrottlerStorage) {}

  async increment(
    key: string,
    ttl: number,
    limit: number,
    blockDuration: number,
    name: string,
  ): Promise<ThrottlerStorageRecord> {
    try {
      const record = await this.shared.increment(key, ttl, limit, blockDuration, name);
      this.warned = false;
      return record;
    } catch (e) {
      if (!this.warned) this.logger.warn(`Redis unavailable, counting locally: ${String(e)}`);
      this.warned = true;
      return this.local.increment(key, ttl, limit, blockDuration, name);
    }
  }
}
