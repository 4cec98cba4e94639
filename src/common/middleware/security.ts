import cors from 'cors';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';

/**
 * helmet's headers on every answer Express sends (the fast redirect path sends its own few).
 * Pages, raw views and file bytes replace the CSP with their own (web/security-headers.ts); the
 * API's JSON may load nothing. Swagger UI needs its own scripts and styles.
 */
export function securityHeaders(): RequestHandler {
  const strict = fixedHeaders(
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
      },
      // File bytes are meant to be embedded elsewhere; they set their own policy.
      crossOriginResourcePolicy: false,
    }),
  );
  const docs = fixedHeaders(
    helmet({ contentSecurityPolicy: false, crossOriginResourcePolicy: false }),
  );
  return (req: Request, res: Response, next: NextFunction) =>
    (req.path.startsWith('/api/docs') ? docs : strict)(req, res, next);
}

/**
 * helmet's headers, worked out once: with these options they do not depend on the request, and
 * setting them in one step skips a chain of twelve middlewares on every request.
 */
function fixedHeaders(middleware: RequestHandler): RequestHandler {
  const headers: [string, string][] = [];
  const recorder = {
    setHeader: (name: string, value: string) => headers.push([name, value]),
    removeHeader: () => undefined, // X-Powered-By: Express is told not to send it
  };
  middleware({} as Request, recorder as unknown as Response, () => undefined);
  return (_req, res, next) => {
    for (const [name, value] of headers) res.setHeader(name, value);
    next();
  };
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
