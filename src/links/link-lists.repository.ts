import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository, SelectQueryBuilder } from 'typeorm';
import { Link } from './link.entity';
import { LinkFilter } from './link-filter';
import { LinkSearchRepository } from './link-search.repository';
import { ShareCountsRepository } from './share-counts.repository';

const mysql = (repo: Repository<Link>) => repo.manager.connection.options.type === 'mysql';

type Edge = { id: number | string; clicks?: number | string };

const idsOf = async (qb: SelectQueryBuilder<Link>) =>
  (await qb.getRawMany<{ id: number | string }>()).map((r) => Number(r.id));

/**
 * The account's lists of links: filtered, ordered, searched, a slice at a time. It only reads;
 * LinksRepository owns the tables.
 */
@Injectable()
export class LinkListsRepository {
  constructor(
    @InjectRepository(Link) private readonly repo: Repository<Link>,
    private readonly search: LinkSearchRepository,
    private readonly counts: ShareCountsRepository,
  ) {}

  /**
   * Links a search on MySQL reads in the list's order: `first`, then up to `most` when those
   * promise a page (tests lower both).
   */
  probe = { first: 500, most: 5000 };

  /** Ids of a slice of the account's links, newest first unless sorted (the id breaks ties). */
  async listIds(
    accountId: number,
    f: LinkFilter,
    offset: number,
    limit: number,
  ): Promise<number[]> {
    const apart = await this.kindSortedApart(accountId, f, offset + limit);
    const slice = () => this.listed(accountId, f, apart).offset(offset).limit(limit);
    if (!f.q) return idsOf(slice());
    if (mysql(this.repo) && f.sort !== 'random' && offset + limit <= this.probe.most) {
      const found = await this.searchNewestFirst(accountId, f, f.q, offset, limit);
      if (found) return found;
    }
    const { sql, params } = this.search.foundIds(f.q, accountId, mysql(this.repo));
    const qb = slice();
    // The ids found lead either way: MariaDB ran an IN (... UNION ...) again for every link of
    // the account, and SQLite read every link of the account against a joined derived table.
    if (mysql(this.repo)) qb.innerJoin(`(${sql})`, 'found', 'found.id = l.id', params);
    else qb.andWhere(`l.id IN (${sql})`, params);
    return idsOf(qb);
  }

  /**
   * MySQL: a search read through the account's links in the list's order, each checked against
   * its own words; null when the links it reads hold less than the slice. InnoDB's full-text
   * index reads every link holding each word, ~15,000 a second from disk: a common word in an
   * account of a million links took 13 s, where the newest links hold a page of it at once. It
   * reads `probe.first` links, then on to `probe.most` only when those promise a page: a search
   * of rare words (or of a slug) goes to the index at once (few links hold them: fast).
   */
  private async searchNewestFirst(
    accountId: number,
    f: LinkFilter,
    q: string,
    offset: number,
    limit: number,
  ): Promise<number[] | null> {
    const wanted = offset + limit;
    for (let window = Math.min(this.probe.first, this.probe.most); ; window = this.probe.most) {
      const edge = await this.lastOf(accountId, f, window);
      const qb = this.listed(accountId, f).limit(wanted);
      this.search.whereFound(qb, q, accountId);
      if (edge) this.upTo(qb, f, edge);
      const found = await idsOf(qb);
      if (found.length === wanted || !edge) return found.slice(offset);
      if (window >= this.probe.most) return null;
      if (found.length * (this.probe.most / window) < wanted) return null;
    }
  }

  /**
   * The `n`th of the account's links in the list's order; null when it has fewer. Read from the
   * account's index alone (clicks only when they order the list: that index holds them).
   */
  private lastOf(accountId: number, f: LinkFilter, n: number) {
    const last = this.listed(accountId, f)
      .offset(n - 1)
      .limit(1);
    if (f.sort === 'visits' || f.sort === 'fewest_visits') last.addSelect('l.clicks', 'clicks');
    return last.getRawOne<Edge>();
  }

  /** Keeps `qb` to the links up to `edge` (itself included), in the list's order. */
  private upTo(qb: SelectQueryBuilder<Link>, f: LinkFilter, edge: Edge): void {
    const to = { edgeId: Number(edge.id), edgeClicks: Number(edge.clicks ?? 0) };
    const [cmp, eq] = f.sort === 'oldest' || f.sort === 'fewest_visits' ? ['<', '<='] : ['>', '>='];
    if (f.sort === 'visits' || f.sort === 'fewest_visits') {
      qb.andWhere(
        `(l.clicks ${cmp} :edgeClicks OR (l.clicks = :edgeClicks AND l.id ${eq} :edgeId))`,
        to,
      );
    } else qb.andWhere(`l.id ${eq} :edgeId`, to);
  }

  /**
   * SQLite: whether a list of one kind ordered by visits should read the account's links of that
   * kind (its kind index) and sort them, instead of walking all its links by visits until `wanted`
   * of the kind turn up. The walk reads about wanted × links / links of the kind; the sort, every
   * link of the kind: a hundred bio pages in an account of a million links took the walk seconds.
   * MySQL's planner weighs the two itself (it keeps statistics of the index).
   */
  private async kindSortedApart(accountId: number, f: LinkFilter, wanted: number) {
    if (!f.kind || (f.sort !== 'visits' && f.sort !== 'fewest_visits') || mysql(this.repo)) {
      return false;
    }
    const byKind = await this.counts.byKind(accountId);
    const ofKind = byKind[f.kind] ?? 0;
    const all = Object.values(byKind).reduce((n, c) => n + c, 0);
    return ofKind * ofKind < wanted * all;
  }

  /**
   * The account's links as the filter keeps and orders them (ids only, every one); `sortApart`:
   * ordered by visits without the visits index (see kindSortedApart).
   */
  private listed(accountId: number, f: LinkFilter, sortApart = false): SelectQueryBuilder<Link> {
    const qb = this.repo
      .createQueryBuilder('l')
      .select('l.id', 'id')
      .where('l.account_id = :accountId', { accountId });
    const visits = f.sort === 'visits' ? 'DESC' : f.sort === 'fewest_visits' ? 'ASC' : null;
    // SQLite cannot use an index for an ORDER BY on an expression (`+l.clicks`), so it takes
    // the kind index for the WHERE and sorts what that finds.
    if (visits) qb.orderBy(sortApart ? '+l.clicks' : 'l.clicks', visits).addOrderBy('l.id', visits);
    else if (f.sort === 'random') qb.orderBy(mysql(this.repo) ? 'RAND()' : 'RANDOM()');
    else qb.orderBy('l.id', f.sort === 'oldest' ? 'ASC' : 'DESC');
    if (f.after !== undefined) {
      qb.andWhere(`l.id ${f.sort === 'oldest' ? '>' : '<'} :after`, { after: f.after });
    }
    if (f.kind) qb.andWhere('l.kind = :kind', { kind: f.kind });
    if (f.qrCode) qb.andWhere('l.qr_code = :qr', { qr: true });
    if (f.health) qb.andWhere('l.health_status = :health', { health: f.health });
    if (f.domainId) qb.andWhere('l.domain_id = :domainId', { domainId: f.domainId });
    if (f.tagId) {
      qb.innerJoin('link_tags', 'lt', 'lt.link_id = l.id AND lt.tag_id = :tagId', {
        tagId: f.tagId,
      });
    }
    return qb;
  }
}
