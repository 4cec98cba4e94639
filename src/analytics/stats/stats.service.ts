import { Injectable } from '@nestjs/common';
import { Clock } from '../../common/clock';
import { toUnix } from '../../common/time';
import { LinkRef } from '../../links/link-input';
import { LinksService } from '../../links/links.service';
import { VisitsRepository } from '../visits.repository';
import { Period } from './dto/visit-stat.query';

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
