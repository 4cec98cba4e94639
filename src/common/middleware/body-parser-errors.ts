import type { NextFunction, Request, Response } from 'express';
import { DomainError } from '../errors/domain-error';

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

/** Express error middleware placed right after the body parsers. */
export function mapBodyParserErrors(
  err: unknown,
  _req: Request,
  _res: Response,
  next: NextFunction,
) {
  const type = (err as { type?: unknown } | null)?.type;
  next(typeof type === 'string' && MAPPED[type] ? MAPPED[type]() : err);
}
