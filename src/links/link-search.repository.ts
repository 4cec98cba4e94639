import { Injectable } from '@nestjs/common';
import type { EntityManager, SelectQueryBuilder } from 'typeorm';
import type { Link } from './link.entity';
import { indexedWords, linkSearch } from './link-search';

type Indexed = Pick<Link, 'id' | 'accountId' | 'title' | 'targetUrl'>;

const isMysql = (em: EntityManager) => em.connection.options.type === 'mysql';

/**
 * The only owner of `links_search`, the full-text index of links' words (see link-search.ts): on
 * SQLite a contentless FTS5 table whose rows are the links' ids, on MySQL a table with a FULLTEXT
 * index. LinksRepository writes it in its own transactions; a link's row goes with the link (a
 * trigger on SQLite, the foreign key on MySQL).
 */
@Injectable()
export class LinkSearchRepository {
  /** Indexes a new link. */
  async add(em: EntityManager, link: Indexed): Promise<void> {
    const words = indexedWords(link.accountId, link.title, link.targetUrl);
    const sql = isMysql(em)
      ? 'INSERT INTO links_search (link_id, words) VALUES (?, ?)'
      : 'INSERT INTO links_search (rowid, words) VALUES (?, ?)';
    await em.query(sql, [link.id, words]);
  }

  /** Indexes a link again, as it is stored now (its title or target changed). */
  async refresh(em: EntityManager, id: number): Promise<void> {
    type Stored = { account_id: number; title: string | null; target_url: string | null };
    const [link] = await em.query<Stored[]>(
      'SELECT account_id, title, target_url FROM links WHERE id = ?',
      [id],
    );
    if (!link) return;
    // A contentless FTS5 table takes no UPDATE: the row is deleted and written again.
    await em.query(`DELETE FROM links_search WHERE ${isMysql(em) ? 'link_id' : 'rowid'} = ?`, [id]);
    await this.add(em, {
      id,
      accountId: Number(link.account_id),
      title: link.title,
      targetUrl: link.target_url,
    });
  }

  /**
   * A subquery of the ids a search of the account's links finds, with its named parameters:
   * slugs by prefix on the account's slug index, then the account's words by the full-text index.
   */
  foundIds(text: string, accountId: number, mysql: boolean) {
    const search = linkSearch(text, accountId, mysql);
    const bySlug =
      'SELECT id FROM links WHERE account_id = :accountId AND slug >= :slugFrom AND slug < :slugTo';
    const byWords = mysql
      ? 'SELECT link_id FROM links_search WHERE MATCH (words) AGAINST (:words IN BOOLEAN MODE)'
      : 'SELECT rowid FROM links_search WHERE links_search MATCH :words';
    const sql = search.words ? `${bySlug} UNION ${byWords}` : bySlug;
    return {
      sql,
      params: { accountId, slugFrom: search.slugFrom, slugTo: search.slugTo, words: search.words },
    };
  }

  /**
   * MySQL: keeps to the links of `qb` (alias `l`) that a search finds, each link's words read
   * from its own row instead of the full-text index, so that a list read in its own order stops
   * at a page (see LinkListsRepository.searchNewestFirst). Finds what foundIds finds.
   */
  whereFound(qb: SelectQueryBuilder<Link>, text: string, accountId: number): void {
    const { slugFrom, slugTo, likes } = linkSearch(text, accountId, true);
    const bySlug = 'l.slug >= :slugFrom AND l.slug < :slugTo';
    const byWords = likes.map((_, i) => `CONCAT(' ', s.words, ' ') LIKE :like${i}`).join(' AND ');
    const params = Object.fromEntries(likes.map((like, i) => [`like${i}`, like]));
    qb.leftJoin('links_search', 's', 's.link_id = l.id').andWhere(
      byWords ? `(${bySlug} OR (${byWords}))` : `(${bySlug})`,
      { slugFrom, slugTo, ...params },
    );
  }
}
