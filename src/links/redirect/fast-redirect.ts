import type { NextFunction, Request, Response } from 'express';
import { DomainsService } from '../../domains/domains.service';
import { ClickBuffer } from './click-buffer';
import { RedirectCache } from './redirect-cache';
import { sendRedirect } from './send-redirect';

/**
 * Answers cached redirects before the framework's router sees the request: known, unprotected,
 * unexpired links only (VisitsService decides what is cached). Everything else goes on to Nest.
 */
export function createFastRedirect(
  domains: DomainsService,
  cache: RedirectCache,
  clicks: ClickBuffer,
) {
  return (req: Request, res: Response, next: NextFunction): void => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const url = req.url;
    const q = url.indexOf('?');
    const path = q === -1 ? url : url.slice(0, q);
    if (path.length < 2 || path.indexOf('/', 1) !== -1) return next();
    const hit = cache.get(domains.forRequest(req.headers.host).id, path.slice(1));
    if (!hit || (hit.expireAtMs !== null && hit.expireAtMs <= Date.now())) return next();
    if (req.method === 'GET') clicks.record(hit.linkId);
    sendRedirect(res, hit.status, hit.location);
  };
}
