import { Injectable } from '@nestjs/common';
import { Clock } from '../../common/clock';
import { invalid } from '../../common/errors/domain-error';
import { toUnix } from '../../common/time';
import { DomainsService } from '../../domains/domains.service';
import { LinkRef } from '../../links/link-input';
import { LinksService } from '../../links/links.service';
import { OrphanVisits } from '../capture/orphan-visits';
import { Visit } from '../store/visit.entity';
import { VisitReads } from '../visit-reads';
import { StatsQuery } from './dto/stats.query';
import { Period } from './dto/visit-stat.query';
import { RollupStats } from './rollup-stats';

const DAY_MS = 86_400_000;
/** How many buckets a series may have, by interval (a year of hours would be 8,760). */
const MAX_RANGE_DAYS = { hour: 31, day: 3660, week: 3660, month: 36600 };
const TOP_SHARES = 10;
const ORPHAN_PATHS = 1000;

/** What the owner of a share may read of its visits (another account's share is a 404). */
@Injectable()
export class StatsService {
  constructor(
    private readonly links: LinksService,
    private readonly reads: VisitReads,
    private readonly rollupStats: RollupStats,
    private readonly orphanVisits: OrphanVisits,
    private readonly domains: DomainsService,
    private readonly clock: Clock,
  ) {}

  /** S.EE's visit-stat: visits by people in this UTC day, this UTC month, or ever. */
  async visitCount(accountId: number, ref: LinkRef, period: Period) {
    const link = await this.links.findOwned(accountId, ref);
    const now = new Date(this.clock.now());
    const since =
      period === 'daily'
        ? Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())
        : period === 'monthly'
          ? Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)
          : 0;
    return { visit_count: await this.reads.ofLink(link.id, since) };
  }

  /**
   * Totals, a series in the caller's zone and the top lists of one share. "Uniques" are distinct
   * visitor hashes per UTC day, whose salt changes every day: a person seen on two days counts
   * twice. Each is counted in the bucket of their first visit of the day.
   */
  async linkStats(accountId: number, linkId: number, q: StatsQuery) {
    const link = await this.links.findOwned(accountId, { id: linkId });
    const { from, to } = this.range(q);
    const { topShares, ...stats } = await this.rollupStats.compute(
      { linkId: link.id },
      from,
      to,
      q.interval,
      q.tz,
      q.bots,
    );
    return { from, to, interval: q.interval, tz: q.tz, ...stats };
  }

  /** The same over every share of the account, with its most visited shares. */
  async accountStats(accountId: number, q: StatsQuery) {
    const { from, to } = this.range(q);
    const { topShares, ...stats } = await this.rollupStats.compute(
      { accountId },
      from,
      to,
      q.interval,
      q.tz,
      q.bots,
    );
    const ids = topShares.map((t) => t.linkId);
    const dtos = new Map((await this.links.getMany(accountId, ids)).map((l) => [l.id, l]));
    // Shares deleted since are left out.
    const shares = topShares.flatMap(({ linkId, visits }) => {
      const l = dtos.get(linkId);
      return l ? [{ id: l.id, kind: l.kind, short_url: l.short_url, title: l.title, visits }] : [];
    });
    const top = { ...stats.top, shares: shares.slice(0, TOP_SHARES) };
    return { from, to, interval: q.interval, tz: q.tz, ...stats, top };
  }

  /** Visits of unknown addresses, per domain the caller may see, most visited paths first. */
  async orphans(accountId: number, isAdmin: boolean) {
    const domains = this.domains.visibleTo(accountId, isAdmin);
    const rows = await this.orphanVisits.list(
      domains.map((d) => d.id),
      ORPHAN_PATHS,
    );
    return domains.flatMap((d) => {
      const paths = rows
        .filter((r) => r.domainId === d.id)
        .map((r) => ({ path: r.path, visits: r.visits, bots: r.bots, last_at: toUnix(r.lastAt) }));
      if (paths.length === 0) return [];
      const sum = (k: 'visits' | 'bots') => paths.reduce((n, p) => n + p[k], 0);
      return [{ domain: d.host, visits: sum('visits'), bots: sum('bots'), paths }];
    });
  }

  private range(q: StatsQuery): { from: number; to: number } {
    const toMs = (q.to ?? Math.ceil(this.clock.now() / 1000)) * 1000;
    const fromMs = q.from !== undefined ? q.from * 1000 : toMs - 30 * DAY_MS;
    if (fromMs > toMs) throw invalid('from', 'from must not be after to');
    if (toMs - fromMs > MAX_RANGE_DAYS[q.interval] * DAY_MS) {
      const days = MAX_RANGE_DAYS[q.interval];
      throw invalid('from', `a range of at most ${days} days for interval=${q.interval}`);
    }
    return { from: Math.floor(fromMs / 1000), to: Math.floor(toMs / 1000) };
  }

  /** The raw visit log, newest first: no IP address, the visitor hash shortened. */
  async visitLog(accountId: number, linkId: number, page: number, perPage: number) {
    const link = await this.links.findOwned(accountId, { id: linkId });
    return (await this.reads.latestOfLink(link.id, page, perPage)).map(logEntry);
  }

  /** The whole raw log, newest first, a page at a time (for a CSV download). */
  async visitLogPages(accountId: number, linkId: number): Promise<AsyncIterable<LogEntry[]>> {
    const link = await this.links.findOwned(accountId, { id: linkId });
    const reads = this.reads;
    return (async function* () {
      let last: Visit | null = null;
      // A small first page: the download starts at once (compressed, it waits for its rows).
      for (let size = 100; ; size = 1000) {
        const rows = await reads.afterOfLink(link.id, last, size);
        if (rows.length === 0) return;
        yield rows.map(logEntry);
        last = rows[rows.length - 1];
      }
    })();
  }
}

export type LogEntry = ReturnType<typeof logEntry>;

const logEntry = (v: Visit) => ({
  at: toUnix(v.at),
  bot: v.isBot,
  qr: v.qr,
  referrer: v.referrerUrl,
  referrer_host: v.referrerHost,
  country: v.country,
  browser: v.browser,
  os: v.os,
  device: v.device,
  language: v.language,
  variant: v.variant,
  utm_source: v.utmSource,
  utm_medium: v.utmMedium,
  utm_campaign: v.utmCampaign,
  visitor: v.visitorHash.slice(0, 8),
});
