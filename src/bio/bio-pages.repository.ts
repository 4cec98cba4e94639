import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Repository } from 'typeorm';
import { managerOf, Tx } from '../database/unit-of-work';
import { BioPage } from './bio-page.entity';

/** The only owner of `bio_pages`. */
@Injectable()
export class BioPagesRepository {
  constructor(@InjectRepository(BioPage) private readonly repo: Repository<BioPage>) {}

  async insert(row: Omit<BioPage, 'link'>, tx: Tx): Promise<void> {
    await managerOf(tx).getRepository(BioPage).insert(row);
  }

  async update(linkId: number, changes: Partial<Omit<BioPage, 'linkId' | 'link'>>, tx: Tx) {
    await managerOf(tx).getRepository(BioPage).update({ linkId }, changes);
  }

  getByLinkId(linkId: number): Promise<BioPage | null> {
    return this.repo.findOneBy({ linkId });
  }

  getByLinkIds(linkIds: number[]): Promise<BioPage[]> {
    return linkIds.length ? this.repo.findBy({ linkId: In(linkIds) }) : Promise.resolve([]);
  }

  async deleteByLinkId(linkId: number, tx: Tx): Promise<void> {
    await managerOf(tx).getRepository(BioPage).delete({ linkId });
  }
}
