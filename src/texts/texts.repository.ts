import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Repository } from 'typeorm';
import { containsPattern } from '../common/like';
import { managerOf, Tx } from '../database/unit-of-work';
import { Text, TextType } from './text.entity';

export type TextMeta = Omit<Text, 'content' | 'link'>;
/** Characters of content a list shows (S.EE's `content_preview`). */
export const PREVIEW_CHARS = 100;

export interface TextFilter {
  tagId?: number;
  textType?: TextType;
  /** In the title or the slug. */
  q?: string;
  sort?: (typeof TEXT_SORTS)[number];
}

export const TEXT_SORTS = ['newest', 'oldest', 'visits'] as const;

/** The only owner of `texts`; it reads the link namespace to page through an account's texts. */
@Injectable()
export class TextsRepository {
  constructor(@InjectRepository(Text) private readonly repo: Repository<Text>) {}

  async insert(row: Omit<Text, 'link'>, tx: Tx): Promise<void> {
    await managerOf(tx).getRepository(Text).insert(row);
  }

  getByLinkId(linkId: number): Promise<Text | null> {
    return this.repo.findOneBy({ linkId });
  }

  /** Link ids of a page of the account's texts, newest first. */
  async listLinkIds(accountId: number, f: TextFilter, page: number, per: number) {
    const qb = this.repo
      .createQueryBuilder('t')
      .select('t.link_id', 'id')
      // The account's texts by the links' index of account and kind, in its order: through the
      // account's index alone, an account of a million links read them all to find its texts.
      .innerJoin(
        'links',
        'l',
        "l.id = t.link_id AND l.account_id = :accountId AND l.kind = 'text'",
        {
          accountId,
        },
      )
      .offset((page - 1) * per)
      .limit(per);
    // SQLite would walk the account's index by visits for its few texts (3.6 s in an account of a
    // million links): `+` keeps that index out, so the kind's index finds them and they are sorted.
    const clicks = this.repo.manager.connection.options.type === 'mysql' ? 'l.clicks' : '+l.clicks';
    if (f.sort === 'visits') qb.orderBy(clicks, 'DESC').addOrderBy('l.id', 'DESC');
    else qb.orderBy('l.id', f.sort === 'oldest' ? 'ASC' : 'DESC');
    if (f.q) {
      const like = containsPattern(f.q);
      qb.andWhere(
        "(LOWER(l.title) LIKE LOWER(:like) ESCAPE '!' OR LOWER(l.slug) LIKE LOWER(:like) ESCAPE '!')",
        { like },
      );
    }
    if (f.textType) qb.andWhere('t.text_type = :textType', { textType: f.textType });
    if (f.tagId) {
      qb.innerJoin('link_tags', 'lt', 'lt.link_id = t.link_id AND lt.tag_id = :tagId', {
        tagId: f.tagId,
      });
    }
    return (await qb.getRawMany<{ id: number | string }>()).map((r) => Number(r.id));
  }

  /** Everything but the content, which only its start (a list of 2 MiB texts must stay small). */
  async getMetaByLinkIds(linkIds: number[]): Promise<(TextMeta & { preview: string })[]> {
    if (linkIds.length === 0) return [];
    const rows = await this.repo
      .createQueryBuilder('t')
      .select('t.link_id', 'link_id')
      .addSelect('t.text_type', 'text_type')
      .addSelect('t.language', 'language')
      .addSelect('t.size_bytes', 'size_bytes')
      .addSelect('t.burn_after_read', 'burn_after_read')
      .addSelect(`SUBSTR(t.content, 1, ${PREVIEW_CHARS})`, 'preview')
      .where({ linkId: In(linkIds) })
      .getRawMany<Record<string, string | number | null>>();
    return rows.map((r) => ({
      linkId: Number(r.link_id),
      textType: r.text_type as TextType,
      language: r.language as string | null,
      sizeBytes: Number(r.size_bytes),
      burnAfterRead: Boolean(Number(r.burn_after_read)),
      preview: String(r.preview ?? ''),
    }));
  }

  async update(linkId: number, changes: Partial<Omit<Text, 'linkId' | 'link'>>, tx: Tx) {
    if (Object.keys(changes).length > 0) {
      await managerOf(tx).getRepository(Text).update({ linkId }, changes);
    }
  }

  async deleteByLinkId(linkId: number, tx: Tx): Promise<void> {
    await managerOf(tx).getRepository(Text).delete({ linkId });
  }
}
