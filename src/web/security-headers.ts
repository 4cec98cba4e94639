import { pageHeaders as pagePolicy } from '../common/page-headers';

/*
 * The public side's headers. Its pages follow the one policy of every page
 * (common/page-headers.ts) and run no script but their own (by hash); raw bytes of a share never
 * run as a page of ours. Redirects carry their own few headers (links/resolve/send-redirect.ts),
 * since the fast path writes them before Express.
 */

/**
 * A public page (home, errors, shares): our stylesheet and its own styles; our own script files
 * (the theme) and its own inline script by hash.
 */
export const pageHeaders = (scriptSource?: string, frames = false): Record<string, string> =>
  pagePolicy({
    scripts: scriptSource ? `'self' ${scriptSource}` : "'self'",
    styles: "'self' 'unsafe-inline'",
    images: "'self' data: https:",
    media: true,
    frames,
    referrer: 'no-referrer',
  });

/** A share's page: revalidated, never stored by shared caches; `frames`: it shows a PDF. */
export const sharePageHeaders = (scriptSource?: string, frames = false) => ({
  ...pageHeaders(scriptSource, frames),
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
