import type { NextFunction, Request, Response } from 'express';
import { DomainError, ErrorCode } from '../errors/domain-error';

// body-parser marks its own errors with `type`; Nest would flatten them all into a plain 400.
const MAPPED: Record<string, () => DomainError> = {
  'entity.parse.failed': () =>
    new DomainError(400, 'malformed_json', 'The request body is not valid JSON'),
  'entity.too.large': () =>
    new DomainError(413, 'payload_too_large', 'The request body is too large'),
  'encoding.unsupported': () =>
    new DomainError(415, 'unsupported_media_type', 'Unsupported content encoding'),
  'charset.unsupported': () =>
    new DomainError(415, 'unsupported_media_type', 'Unsupported charset'),
  'request.aborted': () => new DomainError(400, 'bad_request', 'The request was aborted'),
};

const BY_STATUS: Record<number, ErrorCode> = {
  400: 'bad_request',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
};

/**
 * Express error middleware placed right after the body parsers. Its own errors carry a `type`;
 * others it raised with a client status (a body that says `Content-Encoding: gzip` but is not)
 * are the client's fault too, never a 500.
 */
export function mapBodyParserErrors(
  err: unknown,
  _req: Request,
  _res: Response,
  next: NextFunction,
) {
  if (err instanceof DomainError) return next(err);
  const { type, status } = (err ?? {}) as { type?: unknown; status?: unknown };
  if (typeof type === 'string' && MAPPED[type]) return next(MAPPED[type]());
  if (typeof status === 'number' && status >= 400 && status < 500) {
    const code = BY_STATUS[status] ?? 'bad_request';
    return next(new DomainError(status, code, 'The request body could not be read as sent'));
  }
  next(err);
}
