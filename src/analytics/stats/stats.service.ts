import { Injectable } from '@nestjs/common';
import { Clock } from '../../common/clock';
import { invalid } from '../../common/errors/domain-error';
import { toUnix } from '../../common/time';
import { LinkRef } from '../../links/link-input';
import { LinksService } from '../../links/links.service';
import { VisitsRepository } from '../visits.repository';
import { aggregate } from './aggregate';
import { StatsQuery } from './dto/stats.query';
import { Period } from './dto/visit-stat.query';

const DAY_MS = 86_400_000;
/** How many buckets a series may have, by interval (a year of hours would be 8,760). */
const MAX_RANGE_DAYS = { hour: 31, day: 3660, week: 3660, month: 36600 };

/** What the owner of a share may read of its visits (another account's share is a 404). */
@Injectable()
export class StatsService {
  constructor(
    private readonly links: LinksService,
    private readonly visits: VisitsRepository,
    private readonly clock: Clock,
  ) {}

  /** S.EE's visit-stat: visits by people in this UTC day, this UTC month, or all kept. */
  async visitCount(accountId: number, ref: LinkRef, period: Period) {
    const link = await this.links.findOwned(accountId, ref);
    const now = new Date(this.clock.now());
    const since =
      period === 'daily'
        ? new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()))
        : period === 'monthly'
          ? new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1))
          : undefined;
    return { visit_count: await this.visits.countHuman(link.id, since) };
  }

  /**
   * Totals, a series in the caller's zone and the top lists of one share. "Uniques" are distinct
   * visitor hashes, whose salt changes every UTC day: a person seen on two days counts twice.
   */
  async linkStats(accountId: number, linkId: number, q: StatsQuery) {
    const link = await this.links.findOwned(accountId, { id: linkId });
    const toMs = (q.to ?? Math.ceil(this.clock.now() / 1000)) * 1000;
    const fromMs = q.from !== undefined ? q.from * 1000 : toMs - 30 * DAY_MS;
    if (fromMs > toMs) throw invalid('from', 'from must not be after to');
    if (toMs - fromMs > MAX_RANGE_DAYS[q.interval] * DAY_MS) {
      const days = MAX_RANGE_DAYS[q.interval];
      throw invalid('from', `a range of at most ${days} days for interval=${q.interval}`);
    }
    const all = await this.visits.listForStats(link.id, new Date(fromMs), new Date(toMs));
    const bots = all.filter((v) => v.isBot).length;
    const rows = q.bots === 'include' ? all : all.filter((v) => v.isBot === (q.bots === 'only'));
    return {
      from: Math.floor(fromMs / 1000),
      to: Math.floor(toMs / 1000),
      interval: q.interval,
      tz: q.tz,
      ...aggregate(rows, bots, fromMs, toMs, q.interval, q.tz),
    };
  }

  /** The raw visit log, newest first: no IP address, the visitor hash shortened. */
  async visitLog(accountId: number, linkId: number, page: number, perPage: number) {
    const link = await this.links.findOwned(accountId, { id: linkId });
    const rows = await this.visits.listForLink(link.id, page, perPage);
    return rows.map((v) => ({
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
      visitor: v.visitorHash.slice(0, 8),
    }));
  }
}
