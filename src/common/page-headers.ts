/** What differs between the kinds of page; everything else is the same for all. */
export interface PageKind {
  /** Where scripts may come from: `'self'` (our asset files), a hash source, or none at all. */
  scripts?: string;
  /** Our own stylesheet, and styles inline in the page where it has some of its own. */
  styles: "'self' 'unsafe-inline'" | "'self'";
  images: string;
  /** Audio and video of our own (a file share's player). */
  media?: boolean;
  /** The page's scripts call our API (the account area). */
  connect?: boolean;
  /** The page frames bytes of ours (a PDF in the browser's viewer). */
  frames?: boolean;
  /** A share's page tells the next site nothing; the account area keeps its own origin. */
  referrer: 'no-referrer' | 'same-origin';
  /** Cache-Control, where the page needs one. */
  cache?: string;
}

/**
 * The one header policy of every HTML page the service sends, public or in the account area:
 * nothing loads but what the kind of page declares, no page can be framed, no type is sniffed.
 * API answers get helmet's (common/middleware/security.ts); raw bytes their own sandbox.
 */
export function pageHeaders(kind: PageKind): Record<string, string> {
  const csp = [
    "default-src 'none'",
    `script-src ${kind.scripts ?? "'none'"}`,
    `style-src ${kind.styles}`,
    `img-src ${kind.images}`,
    ...(kind.media ? ["media-src 'self'"] : []),
    ...(kind.connect ? ["connect-src 'self'"] : []),
    ...(kind.frames ? ["frame-src 'self'"] : []),
    "form-action 'self'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ];
  return {
    'Content-Security-Policy': csp.join('; '),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': kind.referrer,
    'X-Frame-Options': 'DENY',
    ...(kind.cache && { 'Cache-Control': kind.cache }),
  };
}
