import type { ServerResponse } from 'node:http';

/**
 * The one way a redirect is written, by the fast path and the Nest path alike, so both send the
 * same headers: whatever middleware set before (helmet's page headers) is dropped, but for the
 * unlock cookie. `no-store` keeps browsers from caching it: edits apply and every visit arrives;
 * `Vary` says what a link's rules looked at (`*` for the address, the time, a split).
 */
export function sendRedirect(
  res: ServerResponse,
  status: number,
  location: string,
  /** What a link's rules or split make the answer vary with. */
  vary?: string | null,
): void {
  const cookie = res.getHeader('Set-Cookie');
  for (const name of res.getHeaderNames()) res.removeHeader(name);
  // A flat list of names and values: Node writes it as it is, without walking an object.
  const headers = [
    'Location',
    location,
    'Cache-Control',
    'private, no-store, max-age=0',
    'Content-Length',
    '0',
  ];
  if (cookie !== undefined) for (const c of [cookie].flat()) headers.push('Set-Cookie', String(c));
  if (vary) headers.push('Vary', vary);
  res.writeHead(status, headers);
  res.end();
}
