import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, MoreThan, Repository } from 'typeorm';
import { AccountShareCount } from './account-share-count.entity';
import type { Link, LinkKind } from './link.entity';

/**
 * `account_share_counts`: each account's shares by kind and their visits, kept instead of counted
 * (a million-link account's count read every link). LinksRepository adds to them in the
 * transaction that makes or deletes a share; the visit store adds visits to them as it adds them
 * to `links.clicks` (src/analytics/store/sql/visit-counts.ts).
 */
@Injectable()
export class ShareCountsRepository {
  constructor(
    @InjectRepository(AccountShareCount) private readonly repo: Repository<AccountShareCount>,
  ) {}

  /**
   * Adds `n` to the account's count of shares of the kind and `clicks` to their visits (a deleted
   * share takes its own away), in the caller's transaction.
   */
  async add(
    em: EntityManager,
    link: Pick<Link, 'accountId' | 'kind'>,
    n: number,
    clicks = 0,
  ): Promise<void> {
    const add =
      em.connection.options.type === 'mysql'
        ? 'ON DUPLICATE KEY UPDATE shares = shares + VALUES(shares), clicks = clicks + VALUES(clicks)'
        : 'ON CONFLICT (account_id, kind) DO UPDATE SET shares = shares + excluded.shares, ' +
          'clicks = clicks + excluded.clicks';
    await em.query(
      `INSERT INTO account_share_counts (account_id, kind, shares, clicks) VALUES (?, ?, ?, ?) ${add}`,
      [link.accountId, link.kind, n, clicks],
    );
  }

  /** The account's shares of a kind and their visits. */
  async ofKind(accountId: number, kind: LinkKind): Promise<{ shares: number; clicks: number }> {
    const row = await this.repo.findOneBy({ accountId, kind });
    return { shares: row?.shares ?? 0, clicks: row?.clicks ?? 0 };
  }

  /** The account's shares by kind, as counted when they were made and deleted. */
  async byKind(accountId: number): Promise<Partial<Record<LinkKind, number>>> {
    const rows = await this.repo.findBy({ accountId, shares: MoreThan(0) });
    return Object.fromEntries(rows.map((r) => [r.kind, r.shares]));
  }
}
