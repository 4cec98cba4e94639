import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import type { Request } from 'express';
import { catchError, Observable } from 'rxjs';
import type { AuthenticatedAccount } from '../../auth/authenticated-account';
import { badUpload, limitsOf } from './streaming-storage-engine';
import { fileTooLarge, quotaExceeded } from './meter';
import { UsageService } from '../../usage/usage.service';

/** Room for the multipart framing and the text fields around the file. */
const MULTIPART_OVERHEAD = 64 * 1024;

/**
 * Runs before multer: an account past its plan's upload count, or a declared `Content-Length` that cannot fit is refused before one byte is
 * read (the meter still enforces the limits on chunked bodies), and a client that goes away
 * mid-body gets a 400 instead of an internal error in the logs.
 */
@Injectable()
export class UploadLimitsInterceptor implements NestInterceptor {
  constructor(private readonly usage: UsageService) {}

  async intercept(ctx: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const req = ctx.switchToHttp().getRequest<Request & { account?: AuthenticatedAccount }>();
    // Past the plan's uploads a day or month: refused before the body is read.
    if (req.account) await this.usage.checkCreation(req.account, 'upload');
    const declared = Number(req.headers['content-length'] ?? NaN);
    if (req.account && Number.isFinite(declared)) {
      const limits = limitsOf(req.account);
      const fileAtLeast = declared - MULTIPART_OVERHEAD;
      if (fileAtLeast > limits.maxFileBytes) throw fileTooLarge(limits.maxFileBytes);
      if (fileAtLeast > limits.quotaLeft) throw quotaExceeded();
    }
    return next.handle().pipe(
      catchError((e: unknown) => {
        const message = e instanceof Error ? e.message : '';
        throw /^Request (aborted|closed)$/.test(message)
          ? badUpload('The upload was interrupted')
          : e;
      }),
    );
  }
}
