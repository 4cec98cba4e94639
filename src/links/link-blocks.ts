import { Injectable } from '@nestjs/common';
import { UnitOfWork } from '../database/unit-of-work';
import { Outbox } from '../outbox/outbox';
import { DomainsService } from '../domains/domains.service';
import { Link } from './link.entity';
import { LinksRepository } from './links.repository';
import { RedirectCache } from './resolve/redirect-cache';

/**
 * Shares of any account blocked by an admin (a share answers 410 with the reason) or unblocked;
 * the redirect caches of every instance forget them.
 */
@Injectable()
export class LinkBlocks {
  constructor(
    private readonly links: LinksRepository,
    private readonly domains: DomainsService,
    private readonly cache: RedirectCache,
    private readonly uow: UnitOfWork,
    private readonly outbox: Outbox,
  ) {}

  /**
   * Blocks (a reason) or unblocks (null) one share, with its `share.taken_down` or
   * `share.restored` event: its address, or null when there is none.
   */
  async set(id: number, reason: string | null): Promise<string | null> {
    const link = await this.uow.run(async (tx) => {
      const blocked = await this.links.setBlocked(id, reason, tx);
      if (!blocked) return null;
      const data = {
        id: blocked.id,
        kind: blocked.kind,
        short_url: this.shortUrlOf(blocked),
        reason: reason ?? blocked.blockedReason,
      };
      await this.outbox.record(
        {
          type: reason === null ? 'share.restored' : 'share.taken_down',
          accountId: blocked.accountId,
          resource: { type: 'share', id: blocked.id },
          data,
        },
        tx,
      );
      return blocked;
    });
    if (!link) return null;
    await this.cache.invalidate(link.domainId, link.slug);
    return this.shortUrlOf(link);
  }

  /** Blocks an account's unblocked shares with `to`, or unblocks those blocked with `from`. */
  async setForAccount(accountId: number, from: string | null, to: string | null): Promise<void> {
    const changed = await this.links.setBlockedForAccount(accountId, from, to);
    await Promise.all(changed.map((l) => this.cache.invalidate(l.domainId, l.slug)));
  }

  /** A page of shares taken down one by one (`except`: the reason of a whole account's). */
  async takenDown(except: string, page: number, perPage: number) {
    const [links, total] = await this.links.listBlocked(except, page, perPage);
    const shares = links.map((l) => ({
      id: l.id,
      kind: l.kind,
      accountId: l.accountId,
      reason: l.blockedReason!,
      shortUrl: this.domains.shortUrl(l.domainId, l.slug),
    }));
    return { shares, total };
  }

  /** Any account's share (the admin area). */
  find(id: number): Promise<Link | null> {
    return this.links.getAnyById(id);
  }

  shortUrlOf(link: Pick<Link, 'domainId' | 'slug'>): string {
    return this.domains.shortUrl(link.domainId, link.slug);
  }

  /** Any account's share, as the admin area shows it. */
  async describe(id: number): Promise<{ kind: string; shortUrl: string } | null> {
    const link = await this.links.getAnyById(id);
    return link && { kind: link.kind, shortUrl: this.domains.shortUrl(link.domainId, link.slug) };
  }
}
