import { Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { LinksRepository } from '../links.repository';
import { Job, Scheduler } from '../../common/scheduler';

const FLUSH_EVERY_MS = 2000;
/** Links with counts waiting; past it (a long database outage) new links' visits are dropped. */
const MAX_PENDING_LINKS = 100_000;
/** Links per UPDATE (`id IN (...)`), well inside every driver's limit on parameters. */
const LINKS_PER_UPDATE = 1000;

/**
 * Visits are counted in memory and written every two seconds, so the redirect path never waits
 * for a write: links with the same new count share one UPDATE. (One UPDATE per link held
 * SQLite's synchronous driver, and so every request, for half a second when 10,000 links had
 * been visited.)
 */
@Injectable()
export class ClickBuffer implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(ClickBuffer.name);
  private pending = new Map<number, number>();
  private job?: Job;

  constructor(
    private readonly links: LinksRepository,
    private readonly scheduler: Scheduler,
  ) {}

  record(linkId: number, n = 1): void {
    const count = this.pending.get(linkId);
    if (count === undefined && this.pending.size >= MAX_PENDING_LINKS) return;
    this.pending.set(linkId, (count ?? 0) + n);
  }

  onModuleInit(): void {
    this.job = this.scheduler.every('link clicks: write', FLUSH_EVERY_MS, () => this.flush());
  }

  async onModuleDestroy(): Promise<void> {
    this.job?.stop();
    await this.flush();
  }

  async flush(): Promise<void> {
    if (this.pending.size === 0) return;
    const updates = byCount(this.pending);
    this.pending = new Map();
    for (let i = 0; i < updates.length; i++) {
      try {
        // A deleted link is no error: the UPDATE changes no row for it.
        await this.links.addClicks(updates[i].ids, updates[i].n);
      } catch (e) {
        // The database is away: keep what is left for the next flush, and say so once.
        const left = updates.slice(i);
        for (const { ids, n } of left) for (const id of ids) this.record(id, n);
        const links = left.reduce((sum, u) => sum + u.ids.length, 0);
        this.logger.warn(`visit counts of ${links} links kept for later: ${String(e)}`);
        return;
      }
    }
  }
}

/** The links of each count, at most LINKS_PER_UPDATE in one group. */
function byCount(pending: Map<number, number>): { ids: number[]; n: number }[] {
  const links = new Map<number, number[]>();
  for (const [id, n] of pending) {
    const ids = links.get(n);
    if (ids) ids.push(id);
    else links.set(n, [id]);
  }
  const updates: { ids: number[]; n: number }[] = [];
  for (const [n, ids] of links) {
    for (let i = 0; i < ids.length; i += LINKS_PER_UPDATE) {
      updates.push({ ids: ids.slice(i, i + LINKS_PER_UPDATE), n });
    }
  }
  return updates;
}
