import {
  ArgumentsHost,
  Catch,
  ExceptionFilter,
  HttpException,
  Logger,
  Optional,
} from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { Request, Response } from 'express';
import { Envelope, errorEnvelope } from '../envelope';
import { DomainError, ErrorCode } from '../errors/domain-error';
import { isStorageFull, storageFull } from '../errors/storage-full';
import { isDatabaseUnavailable } from '../errors/transient-db-error';
import { isUniqueViolation } from '../errors/unique-violation';

const DB_RETRY_AFTER_S = 5;
import { ErrorPages } from './error-pages';

const HTTP_CODES: Record<number, ErrorCode> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  409: 'conflict',
  410: 'gone',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
  503: 'service_unavailable',
  507: 'insufficient_storage',
};

/**
 * The one exception filter: every error becomes the envelope (or an HTML page for a browser on a
 * public page). Routes that answer errors in another shape extend it and override `send`
 * (`@UseFilters`): SM.MS's shape under /api/v2, plain text in simple mode.
 */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  constructor(@Optional() private readonly pages?: ErrorPages) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const ctx = host.switchToHttp();
    const req = ctx.getRequest<Request>();
    const res = ctx.getResponse<Response>();
    const body = this.toEnvelope(exception, req);
    if (res.headersSent) {
      res.end();
      return;
    }
    // For the request metrics (upload failures by reason).
    if (res.locals) (res.locals as { errorCode?: string }).errorCode = body.error;
    this.send(req, res, body);
  }

  protected send(req: Request, res: Response, body: Envelope<unknown>): void {
    res.status(body.code);
    const retryAfter = (body.data as { retry_after?: unknown } | null)?.retry_after;
    if (typeof retryAfter === 'number') res.set('Retry-After', String(retryAfter));
    if (this.pages && wantsHtml(req)) {
      const page = this.pages.render(body.code, body.message, body.data, req);
      res.set(page.headers).type('html').send(page.html);
    } else {
      res.json(body);
    }
  }

  private toEnvelope(e: unknown, req: Request): Envelope<unknown> {
    if (isStorageFull(e)) {
      // Not the client's fault, nor a bug: the operator must make room.
      this.logger.error(`storage full: ${describe(req)}: ${String(e)}`);
      e = storageFull();
    }
    if (e instanceof DomainError) return errorEnvelope(e.status, e.code, e.message, e.data);
    if (e instanceof HttpException) {
      const status = e.getStatus();
      const message =
        status === 404 && /^Cannot [A-Z]+ /.test(e.message) ? 'Route not found' : e.message;
      return errorEnvelope(
        status,
        HTTP_CODES[status] ?? (status >= 500 ? 'internal_error' : 'bad_request'),
        message,
      );
    }
    if (isUniqueViolation(e)) {
      return errorEnvelope(409, 'conflict', 'The resource already exists');
    }
    if (isDatabaseUnavailable(e)) {
      this.logger.warn(`database unavailable: ${describe(req)}`);
      return errorEnvelope(
        503,
        'service_unavailable',
        'The database is unavailable; try again shortly',
        {
          retry_after: DB_RETRY_AFTER_S,
        },
      );
    }
    const errorId = randomUUID();
    this.logger.error(
      `error_id=${errorId} ${describe(req)}`,
      e instanceof Error ? e.stack : String(e),
    );
    return errorEnvelope(500, 'internal_error', `Internal server error (error id ${errorId})`, {
      error_id: errorId,
    });
  }
}

const wantsHtml = (req: Request) =>
  !req.path.startsWith('/api/') &&
  !req.path.startsWith('/health') &&
  (req.headers.accept ?? '').includes('text/html');

/** The request in a log line: method, redacted URL, and requestLog's request id. */
const describe = (req: Request) => {
  const id = (req as Request & { id?: unknown }).id;
  return `${req.method} ${redactUrl(req.originalUrl)}${typeof id === 'string' ? ` request_id=${id}` : ''}`;
};

/**
 * Tokens must never reach the logs: the value of every query parameter whose name, once decoded
 * the way Express decodes it (`sig%6eature`, `signature[]`), is `signature`.
 */
export const redactUrl = (url: string) =>
  url.replace(/([?&])([^=&#]*)=([^&#]*)/g, (whole, sep: string, name: string) =>
    /^signature(\[[^\]]*\])*$/i.test(safeDecode(name)) ? `${sep}${name}=[redacted]` : whole,
  );

const safeDecode = (s: string) => {
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '));
  } catch {
    return s;
  }
};
