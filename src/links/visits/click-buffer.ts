import { Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { LinksRepository } from '../links.repository';

const FLUSH_EVERY_MS = 2000;
/** Links with counts waiting; past it (a long database outage) new links' visits are dropped. */
const MAX_PENDING_LINKS = 100_000;

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

  record(linkId: number, n = 1): void {
    const count = this.pending.get(linkId);
    if (count === undefined && this.pending.size >= MAX_PENDING_LINKS) return;
    this.pending.set(linkId, (count ?? 0) + n);
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
    const batch = [...this.pending];
    this.pending = new Map();
    for (let i = 0; i < batch.length; i++) {
      try {
        // A deleted link is no error: its UPDATE changes no row.
        await this.links.addClicks(batch[i][0], batch[i][1]);
      } catch (e) {
        // The database is away: keep what is left for the next flush, and say so once.
        for (const [id, n] of batch.slice(i)) this.record(id, n);
        this.logger.warn(`visit counts of ${batch.length - i} links kept for later: ${String(e)}`);
        return;
      }
    }
  }
}
