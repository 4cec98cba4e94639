import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Repository } from 'typeorm';
import { Tx } from '../database/transaction';
import { Text } from './text.entity';

export type TextMeta = Omit<Text, 'content' | 'link'>;

@Injectable()
export class TextsRepository {
  constructor(@InjectRepository(Text) private readonly repo: Repository<Text>) {}

  /** Inside the transaction that creates the link. */
  async insertIn(tx: Tx, row: Omit<Text, 'link'>): Promise<void> {
    await tx.getRepository(Text).insert(row);
  }

  getByLinkId(linkId: number): Promise<Text | null> {
    return this.repo.findOneBy({ linkId });
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

  async update(linkId: number, changes: Partial<Omit<Text, 'linkId' | 'link'>>): Promise<void> {
    if (Object.keys(changes).length > 0) await this.repo.update({ linkId }, changes);
  }
}
