import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Repository } from 'typeorm';
import { managerOf, Tx } from '../database/unit-of-work';
import { Text, TextType } from './text.entity';

export type TextMeta = Omit<Text, 'content' | 'link'>;

export interface TextFilter {
  tagId?: number;
  textType?: TextType;
}

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
      .innerJoin('links', 'l', 'l.id = t.link_id AND l.account_id = :accountId', { accountId })
      .orderBy('t.link_id', 'DESC')
      .offset((page - 1) * per)
      .limit(per);
    if (f.textType) qb.andWhere('t.text_type = :textType', { textType: f.textType });
    if (f.tagId) {
      qb.innerJoin('link_tags', 'lt', 'lt.link_id = t.link_id AND lt.tag_id = :tagId', {
        tagId: f.tagId,
      });
    }
    return (await qb.getRawMany<{ id: number | string }>()).map((r) => Number(r.id));
  }

  /** Everything but the content (a list of 2 MiB texts must stay small). */
  getMetaByLinkIds(linkIds: number[]): Promise<TextMeta[]> {
    if (linkIds.length === 0) return Promise.resolve([]);
    return this.repo.find({
      select: {
        linkId: true,
        textType: true,
        language: true,
        sizeBytes: true,
        burnAfterRead: true,
      },
      where: { linkId: In(linkIds) },
    });
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
