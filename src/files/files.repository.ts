import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Repository } from 'typeorm';
import { containsPattern } from '../common/like';
import { managerOf, Tx } from '../database/unit-of-work';
import { StoredFile } from './file.entity';

export const FILE_KINDS = ['image', 'video', 'audio', 'text', 'other'] as const;

export interface FileFilter {
  /** In the file's name. */
  q?: string;
  /** By the sniffed type: image/*, video/*, audio/*, text/*, or anything else. */
  kind?: (typeof FILE_KINDS)[number];
  sort?: (typeof FILE_SORTS)[number];
}

export const FILE_SORTS = ['newest', 'oldest', 'largest'] as const;

/** The only owner of `files`. */
@Injectable()
export class FilesRepository {
  constructor(@InjectRepository(StoredFile) private readonly repo: Repository<StoredFile>) {}

  async insert(row: Omit<StoredFile, 'link'>, tx: Tx): Promise<void> {
    await managerOf(tx).getRepository(StoredFile).insert(row);
  }

  /** A page of the account's files, newest first; the id breaks ties so the order is total. */
  listByAccount(
    accountId: number,
    page: number,
    perPage: number,
    f: FileFilter = {},
  ): Promise<StoredFile[]> {
    const qb = this.repo
      .createQueryBuilder('f')
      .innerJoinAndSelect('f.link', 'link')
      .where('f.account_id = :accountId', { accountId })
      .skip((page - 1) * perPage)
      .take(perPage);
    if (f.sort === 'largest') qb.orderBy('f.size', 'DESC').addOrderBy('f.linkId', 'DESC');
    else {
      const dir = f.sort === 'oldest' ? 'ASC' : 'DESC';
      qb.orderBy('f.createdAt', dir).addOrderBy('f.linkId', dir);
    }
    if (f.kind === 'other') {
      for (const k of FILE_KINDS.slice(0, 4)) qb.andWhere(`f.mime NOT LIKE '${k}/%'`);
    } else if (f.kind) qb.andWhere('f.mime LIKE :kind', { kind: `${f.kind}/%` });
    if (f.q) {
      qb.andWhere("LOWER(f.filename) LIKE LOWER(:like) ESCAPE '!'", { like: containsPattern(f.q) });
    }
    return qb.getMany();
  }

  getByDeleteHash(deleteHash: string): Promise<StoredFile | null> {
    return this.repo.findOne({ where: { deleteHash }, relations: { link: true } });
  }

  /** With its link (a download is a visit of it). */
  getByPath(path: string): Promise<StoredFile | null> {
    return this.repo.findOne({ where: { path }, relations: { link: true } });
  }

  getByLinkId(linkId: number): Promise<StoredFile | null> {
    return this.repo.findOneBy({ linkId });
  }

  /** With their links, in no particular order. */
  getManyWithLinks(linkIds: number[]): Promise<StoredFile[]> {
    if (linkIds.length === 0) return Promise.resolve([]);
    return this.repo.find({ where: { linkId: In(linkIds) }, relations: { link: true } });
  }

  getByLinkIdWithLink(linkId: number): Promise<StoredFile | null> {
    return this.repo.findOne({ where: { linkId }, relations: { link: true } });
  }

  async setThumbs(linkId: number, thumbs: number): Promise<void> {
    await this.repo.update({ linkId }, { thumbs });
  }

  async setPrivate(linkId: number, isPrivate: boolean, tx: Tx): Promise<void> {
    await managerOf(tx).getRepository(StoredFile).update({ linkId }, { isPrivate });
  }

  /**
   * A file of this account uploaded as these bytes (SHA-256 as uploaded), stored as this upload
   * would store them: with the metadata kept (`keep`: unchanged bytes), or without any.
   */
  getUploadedBefore(accountId: number, uploadSha256: string, keep: boolean) {
    const qb = this.repo
      .createQueryBuilder('f')
      .leftJoinAndSelect('f.link', 'link')
      .where({ accountId, uploadSha256 });
    if (keep) qb.andWhere('f.sha256 = f.upload_sha256');
    else qb.andWhere({ keptMetadata: false });
    return qb.orderBy('f.link_id', 'ASC').getOne();
  }

  /** Holds a record (locked on MySQL) for the transaction; false when it is gone. */
  async lockForSharing(linkId: number, tx: Tx): Promise<boolean> {
    const em = managerOf(tx);
    const qb = em.getRepository(StoredFile).createQueryBuilder('f').where({ linkId });
    if (tx && em.connection.options.type === 'mysql') qb.setLock('pessimistic_write');
    return (await qb.getCount()) > 0;
  }

  /** A record of identical bytes (the oldest), locked on MySQL for the transaction. */
  async twinOf(sha256: string, size: number, tx: Tx): Promise<StoredFile | null> {
    const em = managerOf(tx);
    const qb = em
      .getRepository(StoredFile)
      .createQueryBuilder('f')
      .where({ sha256, size })
      .orderBy('f.link_id', 'ASC')
      .limit(1);
    if (em.connection.options.type === 'mysql') qb.setLock('pessimistic_write');
    return qb.getOne();
  }

  /**
   * Whether any record still uses these stored bytes (as its own path or shared). In a
   * transaction, a locking read on MySQL: a record sharing them that commits meanwhile is seen,
   * so its bytes stay.
   */
  async bytesInUse(key: string, tx?: Tx): Promise<boolean> {
    const em = tx ? managerOf(tx) : this.repo.manager;
    const qb = em
      .getRepository(StoredFile)
      .createQueryBuilder('f')
      .where('f.storage_key = :key OR f.path = :path', { key, path: `/${key}` });
    if (tx && em.connection.options.type === 'mysql') qb.setLock('pessimistic_write');
    return (await qb.getCount()) > 0;
  }

  /** Deletes the record in `tx`; the deleted record, or null when another request was first. */
  async deleteByLinkId(linkId: number, tx: Tx): Promise<StoredFile | null> {
    const repo = managerOf(tx).getRepository(StoredFile);
    const file = await repo.findOneBy({ linkId });
    if (!file) return null;
    const result = await repo.delete({ linkId });
    return (result.affected ?? 0) > 0 ? file : null;
  }
}
