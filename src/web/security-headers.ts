/**
 * The one header policy of the public side. Pages run no script but their own (by hash); raw
 * bytes of a share never run as a page of ours. Redirects carry their own few headers
 * (links/visits/send-redirect.ts), since the fast path writes them before Express.
 */

/** Every HTML page: no script runs but the one this CSP source allows (`'sha256-…'`). */
export const pageHeaders = (scriptSource?: string): Record<string, string> => ({
  'Content-Security-Policy': [
    "default-src 'none'",
    "style-src 'unsafe-inline'",
    "img-src 'self' data: https:",
    "media-src 'self'",
    scriptSource ? `script-src ${scriptSource}` : "script-src 'none'",
    "form-action 'self'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; '),
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'X-Frame-Options': 'DENY',
});

/** A share's page: revalidated, never stored by shared caches. */
export const sharePageHeaders = (scriptSource?: string) => ({
  ...pageHeaders(scriptSource),
  'Cache-Control': 'private, no-cache',
});

/** A page that asks for a password: never cached at all. */
export const lockedPageHeaders = () => ({ ...pageHeaders(), 'Cache-Control': 'no-store' });

/** The raw text of a share (`/<slug>/raw`). */
export const RAW_TEXT_HEADERS = {
  'Content-Security-Policy': "sandbox; default-src 'none'",
  'X-Content-Type-Options': 'nosniff',
  'Cache-Control': 'private, no-cache',
};

/** Stored file bytes: cacheable for ever (the path never changes), sandboxed if opened. */
export const FILE_BYTES_HEADERS = {
  'Cache-Control': 'public, max-age=31536000, immutable',
  'Accept-Ranges': 'bytes',
  'X-Content-Type-Options': 'nosniff',
  'Content-Security-Policy': "sandbox; default-src 'none'; img-src 'self' data:; media-src 'self'",
  'Cross-Origin-Resource-Policy': 'cross-origin',
};
