import { Injectable } from '@nestjs/common';
import { Upload } from '@tus/server';
import { hashPassword } from '../../auth/password';
import type { AuthenticatedAccount } from '../../auth/authenticated-account';
import { Clock } from '../../common/clock';
import { DomainError, notFound } from '../../common/errors/domain-error';
import { toUnix } from '../../common/time';
import { Env } from '../../config/env';
import { UnitOfWork } from '../../database/unit-of-work';
import { PlanLimits } from '../../auth/plans/plan-limits';
import { FilesService } from '../files.service';
import {
  CompletedLargeUploadDto,
  CreatedLargeUploadDto,
  CreateLargeUploadDto,
  LargeUploadProgressDto,
} from './large-upload.dto';
import { SESSION_STATUS, SessionFields, UploadSession } from './upload-session.entity';
import { UploadSessionsRepository } from './upload-sessions.repository';
import { LargeUploadStore } from './large-upload-store';
import { UploadEnds } from './upload-ends';
import { UploadFinisher } from './upload-finisher';
import { FastUploads } from './fast-uploads';
import { LinksService } from '../../links/links.service';
import { newUploadId } from './upload-ids';

/**
 * Resumable uploads (S.EE's large-file calls, any tus client): the quota is reserved when one
 * begins, the bytes wait in the tus store, and the last byte makes them a normal file record.
 */
@Injectable()
export class LargeUploadsService {
  private readonly apiBase: string;

  constructor(
    private readonly sessions: UploadSessionsRepository,
    private readonly store: LargeUploadStore,
    private readonly files: FilesService,
    private readonly limits: PlanLimits,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
    private readonly env: Env,
    private readonly ends: UploadEnds,
    private readonly finisher: UploadFinisher,
    private readonly fast: FastUploads,
    private readonly links: LinksService,
  ) {
    this.apiBase = `${env.PUBLIC_URL.replace(/\/+$/, '')}/api/v1`;
  }

  /** S.EE's create call: a session, and its empty upload in the tus store. */
  async create(account: AuthenticatedAccount, dto: CreateLargeUploadDto) {
    if (dto.file_hash) {
      if (dto.bundle_id) await this.links.findOwned(account.id, { id: dto.bundle_id }, 'bundle');
      // Applied at once: the session keeps no fields.
      const row = (fileId: number) => ({
        ...this.sessionRow(account, dto, newUploadId(new Date(this.clock.now())), {}),
        status: SESSION_STATUS.completed,
        fileId,
      });
      const fast = await this.fast.attempt(account, dto, row);
      if (fast) {
        const created = this.describeCreated(fast.session);
        return { ...created, upload_url: '', fast_upload: true, existing_file: fast.record };
      }
    }
    const session = await this.begin(account, dto, newUploadId(new Date(this.clock.now())));
    const now = session.createdAt;
    try {
      await this.store.create(
        new Upload({
          id: session.uploadId,
          size: session.fileSize,
          offset: 0,
          metadata: { filename: session.fileName },
          creation_date: now.toISOString(),
        }),
      );
    } catch (e) {
      await this.ends.end(session, SESSION_STATUS.failed);
      throw e;
    }
    return this.describeCreated(session);
  }

  /** A new session: limits checked and the bytes reserved before any arrive. */
  async begin(account: AuthenticatedAccount, dto: CreateLargeUploadDto, uploadId: string) {
    await this.limits.checkUpload(account, dto.file_size);
    // Aimed at a bundle: one of the caller's (another account's is not found).
    if (dto.bundle_id) await this.links.findOwned(account.id, { id: dto.bundle_id }, 'bundle');
    const fields: SessionFields = {
      domain: dto.domain,
      custom_slug: dto.alias,
      title: dto.title ?? undefined,
      password_hash: dto.password ? await hashPassword(dto.password) : undefined,
      expire_at: dto.expire_at ?? undefined,
      is_private: dto.is_private === 1,
      keep_metadata: dto.keep_metadata === 1 || undefined,
      unfurl: dto.unfurl,
      max_visits: dto.max_visits ?? undefined,
      bundle_id: dto.bundle_id,
    };
    const row = this.sessionRow(account, dto, uploadId, fields);
    return this.uow.run(async (tx) => {
      await this.limits.reserveStorage(account, row.fileSize, tx);
      return this.sessions.insert(row, tx);
    });
  }

  private sessionRow(
    account: AuthenticatedAccount,
    dto: CreateLargeUploadDto,
    uploadId: string,
    fields: SessionFields,
  ) {
    const now = new Date(this.clock.now());
    return {
      uploadId,
      accountId: account.id,
      fileName: dto.file_name,
      fileSize: dto.file_size,
      mimeType: dto.mime_type ?? null,
      fields: JSON.stringify(fields),
      status: SESSION_STATUS.uploading,
      fileId: null,
      createdAt: now,
      updatedAt: now,
      expiresAt: new Date(now.getTime() + this.env.UPLOAD_SESSION_HOURS * 3_600_000),
    };
  }

  describeCreated(s: UploadSession): CreatedLargeUploadDto {
    return {
      id: s.id,
      upload_id: s.uploadId,
      upload_url: `${this.apiBase}/file/large-file-tus/${s.uploadId}`,
      expires_at: toUnix(s.expiresAt),
      file_size: s.fileSize,
      fast_upload: false,
    };
  }

  /** The caller's session; another account's is as if it did not exist. */
  async owned(accountId: number, uploadId: string): Promise<UploadSession> {
    const session = await this.sessions.getByUploadId(uploadId);
    if (!session || session.accountId !== accountId) throw notFound('Upload');
    return session;
  }

  async progress(accountId: number, uploadId: string): Promise<LargeUploadProgressDto> {
    const s = await this.owned(accountId, uploadId);
    const uploaded =
      s.status === SESSION_STATUS.completed ? s.fileSize : await this.offsetOf(s.uploadId);
    return {
      upload_id: s.uploadId,
      file_name: s.fileName,
      file_size: s.fileSize,
      uploaded_size: uploaded,
      progress: s.fileSize === 0 ? 100 : Math.floor((uploaded / s.fileSize) * 10_000) / 100,
      status: s.status,
      created_at: toUnix(s.createdAt),
      updated_at: toUnix(s.updatedAt),
    };
  }

  /** The file the upload became; its last byte makes it, or this call once they are all in. */
  async complete(
    account: AuthenticatedAccount,
    uploadId: string,
  ): Promise<CompletedLargeUploadDto> {
    const s = await this.owned(account.id, uploadId);
    if (s.status === SESSION_STATUS.completed && s.fileId !== null) {
      const record = await this.files.recordOfLink(s.fileId); // 404 if deleted since
      return { file: record, short_link: record.page };
    }
    if (s.status !== SESSION_STATUS.uploading) {
      throw new DomainError(410, 'gone', 'This upload was cancelled, failed or expired');
    }
    const offset = await this.offsetOf(s.uploadId);
    if (offset < s.fileSize) {
      throw new DomainError(
        400,
        'bad_request',
        `The upload is not finished: ${offset} of ${s.fileSize} bytes arrived`,
      );
    }
    return this.finisher.finish(account, s);
  }

  async cancel(accountId: number, uploadId: string) {
    const s = await this.owned(accountId, uploadId);
    if (!(await this.ends.end(s, SESSION_STATUS.cancelled))) {
      throw new DomainError(409, 'conflict', 'This upload is already finished or ended');
    }
    return { upload_id: s.uploadId, cancelled: true as const };
  }

  private async offsetOf(uploadId: string): Promise<number> {
    return (await this.store.getUpload(uploadId).catch(() => ({ offset: 0 }))).offset;
  }
}
