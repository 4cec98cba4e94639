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
const TUS_HEADERS = [
  'Tus-Resumable',
  'Upload-Length',
  'Upload-Offset',
  'Upload-Metadata',
  'Upload-Checksum',
  'Upload-Defer-Length',
];
const CORS = {
  origin: '*',
  methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
  allowedHeaders: ['Authorization', 'Content-Type', 'X-Link-Password', ...TUS_HEADERS],
  exposedHeaders: [
    'RateLimit-Limit',
    'RateLimit-Remaining',
    'RateLimit-Reset',
    'Retry-After',
    // What browser tus clients (Uppy, tus-js-client) read.
    'Location',
    'Upload-Offset',
    'Upload-Length',
    'Upload-Expires',
    'Tus-Version',
    'Tus-Extension',
    'Tus-Max-Size',
    'Tus-Resumable',
    'Tus-Checksum-Algorithm',
  ],
  maxAge: 600,
};

/**
 * CORS for the API: any origin (tokens are not cookies). On the tus endpoint an OPTIONS request
 * goes on to tus after the CORS headers, as tus discovery (its extensions) lives there.
 */
export const apiCors = (): RequestHandler => {
  const api = cors(CORS);
  const tus = cors({ ...CORS, preflightContinue: true });
  return (req, res, next) =>
    (req.path.startsWith('/file/large-file-tus') ? tus : api)(req, res, next);
};
