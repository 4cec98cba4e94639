import { Injectable } from '@nestjs/common';
import { DomainsService } from '../domains/domains.service';
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
  ) {}

  /** Blocks (a reason) or unblocks (null) one share; false when there is none. */
  async set(id: number, reason: string | null): Promise<boolean> {
    const link = await this.links.setBlocked(id, reason);
    if (link) this.cache.invalidate(link.domainId, link.slug);
    return link !== null;
  }

  /** Blocks an account's unblocked shares with `to`, or unblocks those blocked with `from`. */
  async setForAccount(accountId: number, from: string | null, to: string | null): Promise<void> {
    const changed = await this.links.setBlockedForAccount(accountId, from, to);
    for (const l of changed) this.cache.invalidate(l.domainId, l.slug);
  }

  /** Any account's share, as the admin area shows it. */
  async describe(id: number): Promise<{ kind: string; shortUrl: string } | null> {
    const link = await this.links.getAnyById(id);
    return link && { kind: link.kind, shortUrl: this.domains.shortUrl(link.domainId, link.slug) };
  }
}
