import { Injectable, Logger } from '@nestjs/common';
import { AccountsService } from '../../auth/accounts.service';
import { Clock } from '../../common/clock';
import { UnitOfWork } from '../../database/unit-of-work';
import { LargeUploadStore } from './large-upload-store';
import { SESSION_STATUS, UploadSession } from './upload-session.entity';
import { UploadSessionsRepository } from './upload-sessions.repository';

/** How open uploads end without a file: cancelled, failed, or out of time. */
@Injectable()
export class UploadEnds {
  private readonly log = new Logger(UploadEnds.name);

  constructor(
    private readonly sessions: UploadSessionsRepository,
    private readonly store: LargeUploadStore,
    private readonly accounts: AccountsService,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  /** Ends an open upload: its parts go and its reserved bytes are given back. */
  async end(s: UploadSession, status: number): Promise<boolean> {
    const ended = await this.uow.run(async (tx) => {
      const updatedAt = new Date(this.clock.now());
      if (
        !(await this.sessions.transition(
          s.id,
          SESSION_STATUS.uploading,
          { status, updatedAt, fields: '{}' },
          tx,
        ))
      ) {
        return false;
      }
      await this.accounts.releaseStorage(s.accountId, s.fileSize, tx);
      return true;
    });
    if (ended) await this.store.remove(s.uploadId).catch(() => undefined);
    return ended;
  }

  /** Ends uploads whose time ran out (UPLOAD_SESSION_HOURS); answers how many. */
  async sweepExpired(): Promise<number> {
    const expired = await this.sessions.expired(new Date(this.clock.now()), 100);
    let ended = 0;
    for (const s of expired) if (await this.end(s, SESSION_STATUS.failed)) ended++;
    if (ended) this.log.log(`ended ${ended} expired upload(s)`);
    return ended;
  }
}
