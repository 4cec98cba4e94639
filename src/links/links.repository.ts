import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, IsNull, Not, Repository } from 'typeorm';
import { isUniqueViolation } from '../common/errors/unique-violation';
import { plainInsert } from '../database/plain-insert';
import { managerOf, Tx } from '../database/unit-of-work';
import { Link, LinkKind } from './link.entity';
import { LinkSearchRepository } from './link-search.repository';
import { ShareCountsRepository } from './share-counts.repository';
import { sqliteStatements } from '../database/sqlite/sqlite-statements';

/** Columns a new link may leave to their defaults (its rules, split and target's state). */
type Defaulted =
  | 'rules'
  | 'variants'
  | 'winnerAfter'
  | 'winnerGoalId'
  | 'visitsTaken'
  | 'healthStatus'
  | 'healthHttpStatus'
  | 'healthFailures'
  | 'healthCheckedAt'
  | 'healthNextAt';
export type NewLink = Omit<
  Link,
  'id' | 'clicks' | 'createdAt' | 'updatedAt' | 'domain' | 'tags' | 'blockedReason' | Defaulted
> &
  Partial<Pick<Link, Defaulted>>;
export type LinkChanges = Partial<
  Pick<
    Link,
    | 'targetUrl'
    | 'title'
    | 'passwordHash'
    | 'expireAt'
    | 'expirationRedirectUrl'
    | 'redirectCode'
    | 'unfurl'
    | 'maxVisits'
    | 'forwardQuery'
    | 'visitorQueryWins'
    | 'utm'
    | 'watchTarget'
    | 'fallbackUrl'
    | 'healthNextAt'
    | 'healthStatus'
    | 'healthHttpStatus'
    | 'healthFailures'
    | 'healthCheckedAt'
    | 'rules'
    | 'variants'
    | 'winnerAfter'
    | 'winnerGoalId'
  >
>;

const SLUG_TAKEN =
  'SELECT 1 AS taken FROM links WHERE domain_id = ? AND slug = ? UNION ALL ' +
  'SELECT 1 FROM share_tombstones WHERE domain_id = ? AND slug = ? LIMIT 1';

/**
 * The only owner of `links` and `link_tags`; it keeps the search index and the accounts' share
 * counts in step (LinkSearchRepository, ShareCountsRepository) in the same transactions.
 */
@Injectable()
export class LinksRepository {
  private statements?: ReturnType<typeof sqliteStatements> | false;

  constructor(
    @InjectRepository(Link) private readonly repo: Repository<Link>,
    private readonly search: LinkSearchRepository,
    private readonly shareCounts: ShareCountsRepository,
  ) {}

  private in(tx?: Tx): Repository<Link> {
    return tx ? managerOf(tx).getRepository(Link) : this.repo;
  }

  /** The link and its tags (inside `tx`); its id, or null when (domain, slug) is taken. */
  async insert(values: NewLink, tagIds: number[], tx?: Tx): Promise<number | null> {
    const now = new Date();
    const repo = this.in(tx);
    let id: number;
    try {
      // No read-back of defaults (`repo.insert` would SELECT the new row again).
      const row = { ...values, clicks: 0, createdAt: now, updatedAt: now };
      id = await plainInsert(repo.manager, Link, row);
    } catch (e) {
      if (isUniqueViolation(e)) return null;
      throw e;
    }
    if (tagIds.length) await this.writeTags(repo, id, tagIds, false);
    await this.shareCounts.add(repo.manager, values, 1);
    await this.search.add(repo.manager, { ...values, id });
    return id;
  }

  getOwned(id: number, accountId: number): Promise<Link | null> {
    return this.repo.findOne({ where: { id, accountId }, relations: { tags: true } });
  }

  /** The link with its tags, read inside `tx` (what it has just written). */
  getIn(id: number, tx: Tx): Promise<Link | null> {
    return this.in(tx).findOne({ where: { id }, relations: { tags: true } });
  }

  getOwnedMany(accountId: number, ids: number[]): Promise<Link[]> {
    return ids.length ? this.repo.findBy({ id: In(ids), accountId }) : Promise.resolve([]);
  }

  getOwnedBySlug(domainId: number, slug: string, accountId: number): Promise<Link | null> {
    return this.repo.findOne({ where: { domainId, slug, accountId }, relations: { tags: true } });
  }

  countQrCodes(accountId: number): Promise<number> {
    return this.repo.countBy({ accountId, qrCode: true });
  }

  countByDomain(domainId: number): Promise<number> {
    return this.repo.countBy({ domainId });
  }

  listByDomain(domainId: number, limit: number): Promise<Link[]> {
    return this.repo.find({ where: { domainId }, order: { id: 'ASC' }, take: limit });
  }

  /** A share whoever owns it (the admin area). */
  getAnyById(id: number): Promise<Link | null> {
    return this.repo.findOneBy({ id });
  }

  /** A page of shares blocked one by one (not with `except`), the latest changed first. */
  async listBlocked(except: string, page: number, perPage: number): Promise<[Link[], number]> {
    return this.repo
      .createQueryBuilder('l')
      .where('l.blocked_reason IS NOT NULL AND l.blocked_reason <> :except', { except })
      .orderBy('l.updated_at', 'DESC')
      .addOrderBy('l.id', 'DESC')
      .skip((page - 1) * perPage)
      .take(perPage)
      .getManyAndCount();
  }

  /** Blocks (a reason) or unblocks (null) one share, whoever owns it. */
  async setBlocked(id: number, reason: string | null, tx: Tx): Promise<Link | null> {
    const repo = this.in(tx);
    const link = await repo.findOneBy({ id });
    if (!link) return null;
    await repo.update({ id }, { blockedReason: reason });
    return { ...link, blockedReason: reason };
  }

  /**
   * Blocks every share of an account not blocked already (`reason`), or unblocks the ones
   * blocked with `reason` (null as `to`); answers their addresses, for the redirect caches.
   */
  async setBlockedForAccount(
    accountId: number,
    from: string | null,
    to: string | null,
  ): Promise<Pick<Link, 'domainId' | 'slug'>[]> {
    const where = { accountId, blockedReason: from === null ? IsNull() : from };
    const links = await this.repo.find({ where, select: { id: true, domainId: true, slug: true } });
    if (links.length) await this.repo.update(where, { blockedReason: to });
    return links;
  }

  /**
   * Whether a share holds the address, or a tombstone says what it held (the fast path's miss):
   * one statement of two indexed probes, no entity.
   */
  async slugTaken(domainId: number, slug: string): Promise<boolean> {
    const params = [domainId, slug, domainId, slug];
    // On SQLite a prepared statement: a flood of random slugs probes this once each.
    this.statements ??= sqliteStatements(this.repo.manager.connection) ?? false;
    if (this.statements) return this.statements(SLUG_TAKEN).get(...params) !== undefined;
    const rows: unknown[] = await this.repo.query(SLUG_TAKEN, params);
    return rows.length > 0;
  }

  getBySlug(domainId: number, slug: string): Promise<Link | null> {
    return this.repo.findOneBy({ domainId, slug });
  }

  /** The links with these ids that still exist (the redirect cache reads again what it holds). */
  getByIds(ids: number[]): Promise<Link[]> {
    return this.repo.findBy({ id: In(ids) });
  }

  /** The account's links with these ids, with their tags, in the order of `ids`. */
  async getManyOwned(accountId: number, ids: number[]): Promise<Link[]> {
    if (ids.length === 0) return [];
    const rows = await this.repo.find({
      where: { id: In(ids), accountId },
      relations: { tags: true },
    });
    const byId = new Map(rows.map((l) => [l.id, l]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  /** How many links of a kind the account has, and their counted visits (YOURLS's db-stats). */
  async totalsOf(accountId: number, kind: LinkKind): Promise<{ links: number; clicks: number }> {
    const { shares, clicks } = await this.shareCounts.ofKind(accountId, kind);
    return { links: shares, clicks };
  }

  async update(id: number, changes: LinkChanges, tagIds: number[] | undefined, tx: Tx) {
    const repo = this.in(tx);
    await repo.update({ id }, { ...changes, updatedAt: new Date() });
    if (tagIds) await this.writeTags(repo, id, tagIds, true);
    if ('title' in changes || 'targetUrl' in changes) await this.search.refresh(repo.manager, id);
  }

  /** Split links that pick their winner by themselves (few: found by their index). */
  awaitingWinner(limit: number): Promise<Link[]> {
    return this.repo.find({
      where: { winnerAfter: Not(IsNull()) },
      order: { id: 'ASC' },
      take: limit,
    });
  }

  /**
   * Takes one visit of a share's limit: a conditional update, so that of any number of
   * concurrent visits exactly as many as are left get through. False when none is left.
   */
  async takeVisit(id: number): Promise<boolean> {
    const result = await this.repo
      .createQueryBuilder()
      .update(Link)
      .set({ visitsTaken: () => 'visits_taken + 1' })
      .where('id = :id AND max_visits IS NOT NULL AND visits_taken < max_visits', { id })
      .execute();
    return (result.affected ?? 0) > 0;
  }

  /** True when this call deleted it: of two racing deletes, exactly one wins (and counts it). */
  async deleteIfExists(link: Pick<Link, 'id' | 'accountId' | 'kind'>, tx: Tx): Promise<boolean> {
    const repo = this.in(tx);
    // Its visits as they are now, held on MySQL till the commit (the visit store adds to them).
    const qb = repo.createQueryBuilder('l').select('l.clicks', 'clicks').where('l.id = :id', link);
    if (repo.manager.connection.options.type === 'mysql') qb.setLock('pessimistic_write');
    const row = await qb.getRawOne<{ clicks: number | string }>();
    const result = await repo.delete({ id: link.id });
    if (!row || !result.affected) return false;
    await this.shareCounts.add(repo.manager, link, -1, -Number(row.clicks));
    return true;
  }

  private async writeTags(repo: Repository<Link>, id: number, tagIds: number[], replace: boolean) {
    const rel = repo.createQueryBuilder().relation(Link, 'tags').of(id);
    if (replace) await rel.remove(await rel.loadMany());
    if (tagIds.length) await rel.add(tagIds);
  }
}
