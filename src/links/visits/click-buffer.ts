import { Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { LinksRepository } from '../links.repository';

const FLUSH_EVERY_MS = 2000;

/**
 * Visits are counted in memory and written in one UPDATE per link every two seconds, so the
 * redirect path never waits for a write.
 */
@Injectable()
export class ClickBuffer implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(ClickBuffer.name);
  private pending = new Map<number, number>();
  private timer?: NodeJS.Timeout;

  constructor(private readonly links: LinksRepository) {}

  record(linkId: number): void {
    this.pending.set(linkId, (this.pending.get(linkId) ?? 0) + 1);
  }

  onModuleInit(): void {
    this.timer = setInterval(() => void this.flush(), FLUSH_EVERY_MS);
    this.timer.unref();
  }

  async onModuleDestroy(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }

  async flush(): Promise<void> {
    if (this.pending.size === 0) return;
    const batch = this.pending;
    this.pending = new Map();
    for (const [id, n] of batch) {
      try {
        await this.links.addClicks(id, n);
      } catch (e) {
        // A deleted link has nothing to count; anything else is logged and dropped.
        this.logger.warn(`could not count ${n} clicks of link ${id}: ${String(e)}`);
      }
    }
  }
}
