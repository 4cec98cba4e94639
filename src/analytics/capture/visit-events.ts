import { Injectable, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { Clock } from '../../common/clock';
import { Job, Scheduler } from '../../common/scheduler';
import { Outbox } from '../../outbox/outbox';
import { countedFieldsOf, VisitColumns, visitsIn } from '../store/visit-columns';

const MINUTE_MS = 60_000;
/** Shares-minutes held at most; past it a flood's new shares wait for the next minute's. */
const MAX_KEYS = 50_000;

interface MinuteCount {
  shareId: number;
  accountId: number;
  kind: string;
  minute: number;
  visits: number;
  bots: number;
}

/**
 * `visit` events: the stored visits of each share added up per minute, one event per share and
 * minute once the minute is over (a viral link sends one a minute, not thousands). Counted only
 * for accounts someone listens to (a webhook for `visit` or `*`, a broker).
 */
@Injectable()
export class VisitEvents implements OnModuleInit, OnModuleDestroy {
  private counts = new Map<string, MinuteCount>();
  private job?: Job;

  constructor(
    private readonly outbox: Outbox,
    private readonly clock: Clock,
    private readonly scheduler: Scheduler,
  ) {}

  onModuleInit(): void {
    this.job = this.scheduler.every('events: visits of past minutes', 10_000, () => this.flush());
  }

  async onModuleDestroy(): Promise<void> {
    this.job?.stop();
    await this.flush(Infinity);
  }

  /** Visits that were just stored. */
  count(visits: VisitColumns): void {
    for (let i = 0, n = visitsIn(visits); i < n; i++) {
      const v = countedFieldsOf(visits, i);
      if (!this.outbox.wanted('visit', v.accountId)) continue;
      const minute = Math.floor(v.at / MINUTE_MS) * MINUTE_MS;
      const key = `${v.linkId}:${minute}`;
      let c = this.counts.get(key);
      if (!c) {
        if (this.counts.size >= MAX_KEYS) continue;
        c = { shareId: v.linkId, accountId: v.accountId, kind: v.kind, minute, visits: 0, bots: 0 };
        this.counts.set(key, c);
      }
      c.visits++;
      if (v.isBot) c.bots++;
    }
  }

  /** Writes the minutes that ended before `before` (now's minute by default). */
  async flush(before = Math.floor(this.clock.now() / MINUTE_MS) * MINUTE_MS): Promise<void> {
    const done = [...this.counts.entries()].filter(([, c]) => c.minute < before);
    if (!done.length) return;
    for (const [key] of done) this.counts.delete(key);
    try {
      await this.outbox.recordMany(
        done.map(([, c]) => ({
          type: 'visit' as const,
          accountId: c.accountId,
          resource: { type: c.kind === 'redirect' ? 'link' : c.kind, id: c.shareId },
          data: {
            share_id: c.shareId,
            kind: c.kind,
            minute: new Date(c.minute).toISOString(),
            visits: c.visits,
            bots: c.bots,
          },
        })),
      );
    } catch (e) {
      // Kept for the next try, merged with what came meanwhile.
      for (const [key, c] of done) {
        const now = this.counts.get(key);
        if (now) {
          now.visits += c.visits;
          now.bots += c.bots;
        } else this.counts.set(key, c);
      }
      throw e;
    }
  }
}
