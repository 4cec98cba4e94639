import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, MoreThan, Repository } from 'typeorm';
import { AccountShareCount } from './account-share-count.entity';
import type { Link, LinkKind } from './link.entity';

/**
 * The only owner of `account_share_counts`: each account's shares by kind, kept instead of counted
 * (a million-link account's count read every link). LinksRepository adds to them in the
 * transaction that makes or deletes a share.
 */
@Injectable()
export class ShareCountsRepository {
  constructor(
    @InjectRepository(AccountShareCount) private readonly repo: Repository<AccountShareCount>,
  ) {}

  /** Adds `n` to the account's count of shares of the kind, in the caller's transaction. */
  async add(em: EntityManager, link: Pick<Link, 'accountId' | 'kind'>, n: number): Promise<void> {
    const add =
      em.connection.options.type === 'mysql'
        ? 'ON DUPLICATE KEY UPDATE shares = shares + VALUES(shares)'
        : 'ON CONFLICT (account_id, kind) DO UPDATE SET shares = shares + excluded.shares';
    await em.query(
      `INSERT INTO account_share_counts (account_id, kind, shares) VALUES (?, ?, ?) ${add}`,
      [link.accountId, link.kind, n],
    );
  }

  /** The account's shares by kind, as counted when they were made and deleted. */
  async byKind(accountId: number): Promise<Partial<Record<LinkKind, number>>> {
    const rows = await this.repo.findBy({ accountId, shares: MoreThan(0) });
    return Object.fromEntries(rows.map((r) => [r.kind, r.shares]));
  }
}
