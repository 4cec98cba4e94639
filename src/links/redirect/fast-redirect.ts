import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { DomainsService } from '../../domains/domains.service';
import { ClickBuffer } from './click-buffer';
import { RedirectCache } from './redirect-cache';
import { sendRedirect } from './send-redirect';

type Listener = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * Puts the redirect cache in front of Express itself: the server's request listener answers
 * known, unprotected, unexpired links (VisitsService decides what is cached) and hands every
 * other request to the framework untouched. Express alone costs more than half of the runtime's
 * redirect throughput, so the hot path must not enter it.
 */
export function installFastRedirect(
  server: Server,
  domains: DomainsService,
  cache: RedirectCache,
  clicks: ClickBuffer,
): void {
  const framework = server.listeners('request') as Listener[];
  server.removeAllListeners('request');
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (!tryCached(req, res, domains, cache, clicks)) for (const l of framework) l(req, res);
  });
}

function tryCached(
  req: IncomingMessage,
  res: ServerResponse,
  domains: DomainsService,
  cache: RedirectCache,
  clicks: ClickBuffer,
): boolean {
  const method = req.method;
  if (method !== 'GET' && method !== 'HEAD') return false;
  const url = req.url ?? '';
  const q = url.indexOf('?');
  const path = q === -1 ? url : url.slice(0, q);
  if (path.length < 2 || path.indexOf('/', 1) !== -1) return false;
  const hit = cache.get(domains.forRequest(req.headers.host).id, path.slice(1));
  if (!hit || hit.validUntilMs <= Date.now()) return false;
  if (method === 'GET') clicks.record(hit.linkId);
  sendRedirect(res, hit.status, hit.location);
  return true;
}
