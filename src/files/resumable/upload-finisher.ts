import { Injectable } from '@nestjs/common';
import type { AuthenticatedAccount } from '../../auth/authenticated-account';
import { Clock } from '../../common/clock';
import { DomainError } from '../../common/errors/domain-error';
import { FilesService } from '../files.service';
import { Env } from '../../config/env';
import { EventEmitter2 } from '@nestjs/event-emitter';
import { FILE_JOINS_BUNDLE, FileJoinsBundle } from '../file-events';
import { scrubStored } from '../media/scrub-stored';
import { Storage } from '../storage/storage';
import { CompletedLargeUploadDto } from './large-upload.dto';
import { LargeUploadStore } from './large-upload-store';
import { UploadEnds } from './upload-ends';
import { SESSION_STATUS, SessionFields, UploadSession } from './upload-session.entity';
import { UploadSessionsRepository } from './upload-sessions.repository';

/**
 * The last byte of a resumable upload: the store hands over its bytes as a stored file (type
 * sniffed, SHA-256 as hashed on arrival; a photo's metadata stripped), which becomes a file
 * record with the reserved bytes; what the store staged goes once the record is committed.
 */
@Injectable()
export class UploadFinisher {
  private readonly finishing = new Map<string, Promise<CompletedLargeUploadDto>>();

  constructor(
    private readonly sessions: UploadSessionsRepository,
    private readonly store: LargeUploadStore,
    private readonly files: FilesService,
    private readonly ends: UploadEnds,
    private readonly clock: Clock,
    private readonly storage: Storage,
    private readonly env: Env,
    private readonly events: EventEmitter2,
  ) {}

  /** Turns the stored parts into a file record, once, however many callers ask at once. */
  finish(account: AuthenticatedAccount, s: UploadSession): Promise<CompletedLargeUploadDto> {
    let running = this.finishing.get(s.uploadId);
    if (!running) {
      running = this.finishOnce(account, s).finally(() => this.finishing.delete(s.uploadId));
      this.finishing.set(s.uploadId, running);
    }
    return running;
  }

  private async finishOnce(account: AuthenticatedAccount, s: UploadSession) {
    const fields = JSON.parse(s.fields) as SessionFields;
    try {
      const strip = !(this.env.UPLOAD_KEEP_METADATA || fields.keep_metadata);
      const { file: received, staged } = await scrubStored(
        this.storage,
        await this.store.toStored(s.uploadId, s.fileName, s.fileSize),
        strip,
      );
      const record = await this.files.persist(account, received, fields, {
        reserved: true,
        link: {
          title: fields.title,
          password: fields.password,
          passwordHash: fields.password_hash,
          expireAt: fields.expire_at,
          unfurl: fields.unfurl,
          maxVisits: fields.max_visits,
        },
        inTransaction: async (tx, fileId) => {
          const updatedAt = new Date(this.clock.now());
          // The fields are applied: the session keeps none (a password hash least of all).
          const changes = { status: SESSION_STATUS.completed, fileId, updatedAt, fields: '{}' };
          if (!(await this.sessions.transition(s.id, SESSION_STATUS.uploading, changes, tx))) {
            throw new DomainError(410, 'gone', 'This upload was cancelled or expired');
          }
          if (fields.bundle_id) {
            const joins: FileJoinsBundle = {
              accountId: account.id,
              bundleId: fields.bundle_id,
              fileId,
              tx,
            };
            await this.events.emitAsync(FILE_JOINS_BUNDLE, joins);
          }
        },
      });
      await this.store.release(s.uploadId).catch(() => undefined);
      // The store's copy, from before the photo's metadata was stripped.
      if (staged) await this.storage.delete(staged).catch(() => undefined);
      return { file: record, short_link: record.page };
    } catch (e) {
      // A share rule refused the file (slug taken...): the upload ends, its reservation is freed.
      if (e instanceof DomainError && e.status < 500 && e.code !== 'gone') {
        await this.ends.end(s, SESSION_STATUS.failed);
      }
      throw e;
    }
  }
}
