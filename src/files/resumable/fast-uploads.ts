import { Injectable } from '@nestjs/common';
import type { AuthenticatedAccount } from '../../auth/authenticated-account';
import { DomainError } from '../../common/errors/domain-error';
import { PlanLimits } from '../../auth/plans/plan-limits';
import { Env } from '../../config/env';
import { EventEmitter2 } from '@nestjs/event-emitter';
import { FILE_JOINS_BUNDLE, FileJoinsBundle } from '../file-events';
import { FileRecordDto } from '../dto/file-record.dto';
import { bytesKeyOf } from '../file.entity';
import { SharedBytes } from '../shared-bytes';
import { FilesService } from '../files.service';
import { cleanFilename } from '../upload/filename';
import { newFilePath } from '../upload/meter';
import { CreateLargeUploadDto } from './large-upload.dto';
import { SessionFields, UploadSession } from './upload-session.entity';
import { UploadSessionsRepository } from './upload-sessions.repository';

/**
 * S.EE's `fast_upload`: a `file_hash` (SHA-256) and size of bytes this account uploaded already
 * (as uploaded: before any metadata was stripped, and stored as this upload would store them)
 * make a new file record on those bytes at once. The record has its own path and counts
 * against the quota; the disk keeps one copy (see FileRemovalListener).
 */
@Injectable()
export class FastUploads {
  constructor(
    private readonly shared: SharedBytes,
    private readonly files: FilesService,
    private readonly sessions: UploadSessionsRepository,
    private readonly limits: PlanLimits,
    private readonly env: Env,
    private readonly events: EventEmitter2,
  ) {}

  async attempt(
    account: AuthenticatedAccount,
    dto: CreateLargeUploadDto,
    sessionRow: (fileId: number) => Omit<UploadSession, 'id'>,
  ): Promise<{ session: UploadSession; record: FileRecordDto } | null> {
    const keep = this.env.UPLOAD_KEEP_METADATA || dto.keep_metadata === 1;
    const known = await this.shared.findIdentical(account.id, dto.file_hash!.toLowerCase(), keep);
    if (!known || known.size !== dto.file_size) return null;
    if (!this.limits.fileFits(account, dto.file_size)) return null; // the normal path says why
    await this.limits.checkUpload(account);
    const fields: SessionFields = {
      domain: dto.domain,
      custom_slug: dto.alias,
      is_private: dto.is_private === 1,
    };
    const received = {
      filename: cleanFilename(dto.file_name),
      storename: known.storename,
      path: newFilePath(known.storename),
      mime: known.mime,
      size: known.size,
      sha256: known.sha256,
      uploadSha256: known.uploadSha256,
      keptMetadata: known.keptMetadata,
      width: known.width,
      height: known.height,
      storageKey: bytesKeyOf(known),
      keyOwner: 'shared' as const,
    };
    let session!: UploadSession;
    const record = await this.files.persist(account, received, fields, {
      link: {
        title: dto.title ?? undefined,
        password: dto.password ?? undefined,
        expireAt: dto.expire_at ?? undefined,
        unfurl: dto.unfurl,
        maxVisits: dto.max_visits,
      },
      inTransaction: async (tx, fileId) => {
        // The bytes must outlive this commit: their record, locked, keeps its removal waiting.
        if (!(await this.shared.lockForSharing(known.linkId, tx))) {
          throw new DomainError(409, 'conflict', 'The identical file was just deleted; upload it');
        }
        session = await this.sessions.insert(sessionRow(fileId), tx);
        if (dto.bundle_id) {
          const joins: FileJoinsBundle = {
            accountId: account.id,
            bundleId: dto.bundle_id,
            fileId,
            tx,
          };
          await this.events.emitAsync(FILE_JOINS_BUNDLE, joins);
        }
      },
    });
    return { session, record };
  }
}
