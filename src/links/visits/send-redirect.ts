import type { ServerResponse } from 'node:http';

/**
 * The one way a redirect is written, by the fast path and the Nest path alike, so both send the
 * same headers. `no-store` keeps browsers from caching it: edits apply and every visit arrives.
 */
export function sendRedirect(res: ServerResponse, status: number, location: string): void {
  res.writeHead(status, {
    Location: location,
    'Cache-Control': 'private, no-store, max-age=0',
    'Content-Length': '0',
  });
  res.end();
}
