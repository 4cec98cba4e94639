import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Brackets, DataSource, In, Repository } from 'typeorm';
import { isUniqueViolation } from '../common/errors/unique-violation';
import { Tx } from '../database/transaction';
import { Link, LinkKind } from './link.entity';

export type NewLink = Omit<Link, 'id' | 'clicks' | 'createdAt' | 'updatedAt' | 'domain' | 'tags'>;
export type LinkChanges = Partial<
  Pick<
    Link,
    'targetUrl' | 'title' | 'passwordHash' | 'expireAt' | 'expirationRedirectUrl' | 'redirectCode'
  >
>;

/** Writes a link's content (a text, a file) in the transaction that creates the link. */
export type AttachContent = (tx: Tx, linkId: number) => Promise<void>;

export interface LinkFilter {
  tagId?: number;
  domainId?: number;
  kind?: LinkKind;
  q?: string;
  /** Texts only: their text_type. */
  textType?: string;
}

@Injectable()
export class LinksRepository {
  constructor(
    @InjectRepository(Link) private readonly repo: Repository<Link>,
    private readonly db: DataSource,
  ) {}

  /**
   * Inserts the link (and its tags, in the same transaction); the new id, or null when
   * (domain, slug) is taken. A plain INSERT: link creation is a hot path too.
   */
  async insert(values: NewLink, tagIds: number[], attach?: AttachContent): Promise<number | null> {
    const now = new Date();
    const row = { ...values, clicks: 0, createdAt: now, updatedAt: now };
    try {
      if (tagIds.length === 0 && !attach) return await this.insertRow(this.repo, row);
      return await this.db.transaction(async (em) => {
        const repo = em.getRepository(Link);
        const id = await this.insertRow(repo, row);
        if (tagIds.length) await this.writeTags(repo, id, tagIds, false);
        await attach?.(em, id);
        return id;
      });
    } catch (e) {
      if (isUniqueViolation(e)) return null;
      throw e;
    }
  }

  private async insertRow(repo: Repository<Link>, row: Omit<Link, 'id'>): Promise<number> {
    const result = await repo.insert(row);
    return Number(result.identifiers[0].id);
  }

  getOwned(id: number, accountId: number): Promise<Link | null> {
    return this.repo.findOne({ where: { id, accountId }, relations: { tags: true } });
  }

  getOwnedBySlug(domainId: number, slug: string, accountId: number): Promise<Link | null> {
    return this.repo.findOne({ where: { domainId, slug, accountId }, relations: { tags: true } });
  }

  /** The public lookup of the redirect path: one indexed row, no joins. */
  getBySlug(domainId: number, slug: string): Promise<Link | null> {
    return this.repo.findOneBy({ domainId, slug });
  }

  /** A page of the account's links, newest first (id breaks ties), with their tags. */
  async list(accountId: number, f: LinkFilter, page: number, perPage: number): Promise<Link[]> {
    const qb = this.repo
      .createQueryBuilder('l')
      .select('l.id', 'id')
      .where('l.account_id = :accountId', { accountId })
      .orderBy('l.id', 'DESC')
      .offset((page - 1) * perPage)
      .limit(perPage);
    if (f.kind) qb.andWhere('l.kind = :kind', { kind: f.kind });
    if (f.domainId) qb.andWhere('l.domain_id = :domainId', { domainId: f.domainId });
    if (f.tagId) {
      qb.innerJoin('link_tags', 'lt', 'lt.link_id = l.id AND lt.tag_id = :tagId', {
        tagId: f.tagId,
      });
    }
    if (f.textType) {
      qb.innerJoin('texts', 'tx', 'tx.link_id = l.id AND tx.text_type = :textType', {
        textType: f.textType,
      });
    }
    if (f.q) {
      const like = `%${f.q.replace(/[!%_]/g, (c) => `!${c}`)}%`;
      qb.andWhere(
        new Brackets((w) =>
          ['l.slug', 'l.title', 'l.target_url'].forEach((col) =>
            w.orWhere(`LOWER(${col}) LIKE LOWER(:like) ESCAPE '!'`, { like }),
          ),
        ),
      );
    }
    const ids = (await qb.getRawMany<{ id: number | string }>()).map((r) => Number(r.id));
    if (ids.length === 0) return [];
    const rows = await this.repo.find({
      where: { id: In(ids) },
      relations: { tags: true },
    });
    return rows.sort((a, b) => b.id - a.id);
  }

  async update(id: number, changes: LinkChanges, tagIds?: number[]): Promise<void> {
    await this.db.transaction(async (em) => {
      await em.update(Link, { id }, { ...changes, updatedAt: new Date() });
      if (tagIds) await this.writeTags(em.getRepository(Link), id, tagIds, true);
    });
  }

  /** Its link_tags rows and its content go with it (ON DELETE CASCADE). */
  async delete(id: number): Promise<void> {
    await this.repo.delete({ id });
  }

  /** True when this call deleted it: of two racing deletes, exactly one wins. */
  async deleteIfExists(id: number): Promise<boolean> {
    const result = await this.repo.delete({ id });
    return (result.affected ?? 0) > 0;
  }

  async addClicks(id: number, n: number): Promise<void> {
    await this.repo.increment({ id }, 'clicks', n);
  }

  private async writeTags(repo: Repository<Link>, id: number, tagIds: number[], replace: boolean) {
    const rel = repo.createQueryBuilder().relation(Link, 'tags').of(id);
    if (replace) await rel.remove(await rel.loadMany());
    if (tagIds.length) await rel.add(tagIds);
  }
}
