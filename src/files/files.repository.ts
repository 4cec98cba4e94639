import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, Repository } from 'typeorm';
import { Account } from '../auth/account.entity';
import { Tx } from '../database/transaction';
import { Link } from '../links/link.entity';
import { StoredFile } from './file.entity';

@Injectable()
export class FilesRepository {
  constructor(
    @InjectRepository(StoredFile) private readonly repo: Repository<StoredFile>,
    @InjectDataSource() private readonly db: DataSource,
  ) {}

  /** In the link's transaction: the record, and the account's running storage total. */
  async insertIn(tx: Tx, row: Omit<StoredFile, 'link'>): Promise<void> {
    await tx.getRepository(StoredFile).insert(row);
    await tx.getRepository(Account).increment({ id: row.accountId }, 'storageBytes', row.size);
  }

  /** A page of the account's files, newest first; the id breaks ties so the order is total. */
  listByAccount(accountId: number, page: number, perPage: number): Promise<StoredFile[]> {
    return this.repo.find({
      where: { accountId },
      order: { createdAt: 'DESC', linkId: 'DESC' },
      skip: (page - 1) * perPage,
      take: perPage,
      relations: { link: true },
    });
  }

  getByDeleteHash(deleteHash: string): Promise<StoredFile | null> {
    return this.repo.findOne({ where: { deleteHash }, relations: { link: true } });
  }

  getByPath(path: string): Promise<StoredFile | null> {
    return this.repo.findOneBy({ path });
  }

  getByLinkId(linkId: number): Promise<StoredFile | null> {
    return this.repo.findOneBy({ linkId });
  }

  getByAccountAndSha(accountId: number, sha256: string): Promise<StoredFile | null> {
    return this.repo.findOne({ where: { accountId, sha256 }, relations: { link: true } });
  }

  /** Deletes the link (the record goes with it) and gives the bytes back to the account's total;
   *  false when another request deleted it first. */
  async deleteWithLink(file: StoredFile): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const result = await tx.getRepository(Link).delete({ id: file.linkId });
      if ((result.affected ?? 0) === 0) return false;
      await tx.getRepository(Account).decrement({ id: file.accountId }, 'storageBytes', file.size);
      return true;
    });
  }
}
