import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Repository } from 'typeorm';
import { isUniqueViolation } from '../common/errors/unique-violation';
import { Tag } from './tag.entity';
import { NO_TRANSACTION } from '../database/sqlite/sqlite-write-lock';

@Injectable()
export class TagsRepository {
  constructor(@InjectRepository(Tag) private readonly repo: Repository<Tag>) {}

  listByAccount(accountId: number): Promise<Tag[]> {
    return this.repo.find({ where: { accountId }, order: { name: 'ASC' } });
  }

  getOwned(id: number, accountId: number): Promise<Tag | null> {
    return this.repo.findOneBy({ id, accountId });
  }

  getOwnedByIds(ids: number[], accountId: number): Promise<Tag[]> {
    return ids.length ? this.repo.findBy({ id: In(ids), accountId }) : Promise.resolve([]);
  }

  /** null when the account has a tag of this name already. */
  async insert(accountId: number, name: string): Promise<Tag | null> {
    try {
      const tag = this.repo.create({ accountId, name, createdAt: new Date() });
      return await this.repo.save(tag, NO_TRANSACTION);
    } catch (e) {
      if (isUniqueViolation(e)) return null;
      throw e;
    }
  }

  /** false when the name is taken. */
  async rename(tag: Tag, name: string): Promise<boolean> {
    try {
      await this.repo.update({ id: tag.id }, { name });
      return true;
    } catch (e) {
      if (isUniqueViolation(e)) return false;
      throw e;
    }
  }

  /** The link_tags rows go with it (ON DELETE CASCADE). */
  async delete(id: number): Promise<void> {
    await this.repo.delete({ id });
  }
}
