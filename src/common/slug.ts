import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** A cryptographically random base62 string (rejection sampling keeps it uniform). */
export function randomSlug(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248 && out.length < length) out += ALPHABET[byte % 62];
    }
  }
  return out;
}

export const SLUG_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/** First path segments the service itself uses (ARCHITECTURE.md, URL space), lower-cased. */
const RESERVED = new Set([
  'api',
  'u',
  'account',
  'health',
  'docs',
  'static',
  'assets',
  'file',
  'files',
  'login',
  'logout',
  'signup',
  'forgot-password',
  'reset-password',
  'verify-email',
  'auth',
  'admin',
  'favicon.ico',
  'robots.txt',
  'yourls',
  'internal',
  'report',
  'metrics',
  'mcp',
]);

export const isReservedSlug = (slug: string) => RESERVED.has(slug.toLowerCase());
