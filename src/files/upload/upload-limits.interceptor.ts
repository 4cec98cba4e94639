import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { catchError, from, mergeMap, Observable, throwError } from 'rxjs';
import { Storage, storageKey } from '../storage/storage';
import type { AuthenticatedAccount } from '../../auth/authenticated-account';
import { DomainError } from '../../common/errors/domain-error';
import { badUpload, UploadedFile, UploadRequest } from './streaming-storage-engine';
import { fileTooLarge, PlanLimits, quotaExceeded } from '../../auth/plans/plan-limits';

/** Room for the multipart framing and the text fields around the file. */
const MULTIPART_OVERHEAD = 64 * 1024;

/**
 * Runs before multer: works out the limits the engine's meter enforces (the quota left from the
 * stored bytes of now); an account past its plan's upload count, or a declared `Content-Length`
 * that cannot fit, is refused before one byte is read (the meter still enforces the limits on
 * chunked bodies), and a client that goes away mid-body gets a 400 instead of an internal error.
 */
@Injectable()
export class UploadLimitsInterceptor implements NestInterceptor {
  constructor(
    private readonly limits: PlanLimits,
    private readonly storage: Storage,
  ) {}

  private async discardUncommitted(req: UploadRequest): Promise<void> {
    for (const f of (req.files as UploadedFile[] | undefined) ?? []) {
      const file = f.received;
      if (!file || file.committed || file.keyOwner) continue;
      await this.storage.delete(storageKey(file.path)).catch(() => undefined);
    }
  }

  async intercept(ctx: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const req = ctx.switchToHttp().getRequest<UploadRequest & { account?: AuthenticatedAccount }>();
    // A route that takes JSON too (ContentTypeGuard let it in): no file comes, multer skips it.
    if (req.is('application/json')) return next.handle();
    // multer takes any multipart/*, and busboy then fails on all but form-data (an internal error).
    if (req.headers['content-type'] !== undefined && !req.is('multipart/form-data')) {
      throw new DomainError(
        415,
        'unsupported_media_type',
        'Content-Type must be multipart/form-data',
      );
    }
    const account = req.account;
    if (account) {
      // Past the plan's uploads a day or month: refused before the body is read.
      req.uploadLimits = await this.limits.uploadRoom(account);
    }
    const declared = Number(req.headers['content-length'] ?? NaN);
    const limits = req.uploadLimits;
    if (limits && Number.isFinite(declared)) {
      const fileAtLeast = declared - MULTIPART_OVERHEAD;
      if (fileAtLeast > limits.maxFileBytes) throw fileTooLarge(limits.maxFileBytes);
      if (fileAtLeast > limits.quotaLeft) throw quotaExceeded();
    }
    return next.handle().pipe(
      catchError((e: unknown) => {
        const message = e instanceof Error ? e.message : '';
        const error = /^Request (aborted|closed)$/.test(message)
          ? badUpload('The upload was interrupted')
          : e;
        // Refused once multer had stored the file (its fields did not validate, the share was
        // not found...): the bytes no record was written for go, so a failed upload leaves none.
        return from(this.discardUncommitted(req)).pipe(mergeMap(() => throwError(() => error)));
      }),
    );
  }
}
