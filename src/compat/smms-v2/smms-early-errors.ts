import type { NextFunction, Request, Response } from 'express';
import { DomainError } from '../../common/errors/domain-error';
import { smmsFailure, smmsFromEnvelope } from './smms-shape';

/**
 * Express error middleware after the body parsers: a body they refused (not JSON, a lying
 * `Content-Encoding`, too large) is answered in SM.MS's shape too.
 */
export function smmsBodyErrors(err: unknown, _req: Request, res: Response, next: NextFunction) {
  if (!(err instanceof DomainError)) return next(err);
  const envelope = { code: err.status, success: false, message: err.message, data: null };
  res.status(200).json(smmsFromEnvelope({ ...envelope, error: err.code }));
}

/**
 * A path Express cannot decode (`/api/v2/delete/%ff`) fails before any route, so no route filter
 * sees it; SM.MS clients still get their shape. Mounted on /api/v2 in app.setup.ts.
 */
export function smmsMalformedUrl(req: Request, res: Response, next: NextFunction): void {
  try {
    decodeURIComponent(req.path);
  } catch {
    res.status(200).json(smmsFailure('error', 'The address is not valid URL encoding'));
    return;
  }
  next();
}
