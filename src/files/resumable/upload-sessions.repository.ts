import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { LessThan, Repository } from 'typeorm';
import { managerOf, Tx } from '../../database/unit-of-work';
import { SESSION_STATUS, UploadSession } from './upload-session.entity';

/** The only owner of `upload_sessions`. */
@Injectable()
export class UploadSessionsRepository {
  constructor(@InjectRepository(UploadSession) private readonly repo: Repository<UploadSession>) {}

  async insert(row: Omit<UploadSession, 'id'>, tx: Tx): Promise<UploadSession> {
    const result = await managerOf(tx).getRepository(UploadSession).insert(row);
    return { ...row, id: Number(result.identifiers[0].id) };
  }

  getByUploadId(uploadId: string): Promise<UploadSession | null> {
    return this.repo.findOneBy({ uploadId });
  }

  /** Moves a session on from `from` only: of two racing changes, one wins (true). */
  async transition(
    id: number,
    from: number,
    changes: Partial<Pick<UploadSession, 'status' | 'fileId' | 'updatedAt' | 'fields'>>,
    tx: Tx,
  ): Promise<boolean> {
    const result = await managerOf(tx)
      .getRepository(UploadSession)
      .update({ id, status: from }, changes);
    return (result.affected ?? 0) > 0;
  }

  /** Uploads still open whose time ran out. */
  expired(now: Date, limit: number): Promise<UploadSession[]> {
    return this.repo.find({
      where: { status: SESSION_STATUS.uploading, expiresAt: LessThan(now) },
      take: limit,
    });
  }
}
