import cors from 'cors';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';

/**
 * helmet's headers on every answer Express sends (the fast redirect path sends its own few).
 * Pages, raw views and file bytes replace the CSP with their own (web/security-headers.ts); the
 * API's JSON may load nothing. Swagger UI needs its own scripts and styles.
 */
export function securityHeaders(): RequestHandler {
  const strict = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
    },
    // File bytes are meant to be embedded elsewhere; they set their own policy.
    crossOriginResourcePolicy: false,
  });
  const docs = helmet({ contentSecurityPolicy: false, crossOriginResourcePolicy: false });
  return (req: Request, res: Response, next: NextFunction) =>
    (req.path.startsWith('/api/docs') ? docs : strict)(req, res, next);
}

/**
 * The API answers any origin: it authenticates by token in a header, never by cookie, so a page
 * elsewhere can only do what its own token allows. No credentials are allowed cross-origin.
 */
export const apiCors = (): RequestHandler =>
  cors({
    origin: '*',
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: ['Authorization', 'Content-Type', 'X-Link-Password'],
    exposedHeaders: ['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset', 'Retry-After'],
    maxAge: 600,
  });
