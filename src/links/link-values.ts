import { hashPassword } from '../auth/password';
import { invalid } from '../common/errors/domain-error';
import { fromUnix } from '../common/time';
import { MAX_URL_LENGTH } from '../common/validators/is-http-url';
import { CONTROL_CHARACTERS } from '../common/validators/single-line';
import type { LinkInput } from './link-input';
import { checkUtm } from './rules/rules-input';

/**
 * The WHATWG form of the URL: what a Location header can carry (non-ASCII percent-encoded). Every
 * door (the API, YOURLS, imports, the pages) ends here, so the rules are checked here: an absolute
 * http(s) URL with a host, at most MAX_URL_LENGTH characters once normalised; else a 400.
 */
export function normalizeUrl(url: string, field = 'target_url'): string {
  let href: string;
  try {
    const parsed = new URL(url);
    if (!['http:', 'https:'].includes(parsed.protocol) || !parsed.hostname) throw new TypeError();
    href = parsed.href;
  } catch {
    throw invalid(field, `${field} must be an absolute http or https URL`);
  }
  if (href.length > MAX_URL_LENGTH) {
    throw invalid(field, `${field} must be at most ${MAX_URL_LENGTH} characters (percent-encoded)`);
  }
  return href;
}

/** A share's title: one line a person reads, whichever door it came through. */
export function checkTitle<T extends string | null | undefined>(title: T): T {
  if (title && CONTROL_CHARACTERS.test(title)) {
    throw invalid('title', 'title must not contain control characters (tabs, line breaks...)');
  }
  return title;
}

/** `expire_at` (Unix seconds) as a date, refused unless it is in the future of `nowMs`. */
export function toExpiry(expireAt: number | null | undefined, nowMs: number) {
  if (expireAt === undefined || expireAt === null) return expireAt;
  if (expireAt * 1000 <= nowMs) throw invalid('expire_at', 'expire_at must be in the future');
  if (expireAt > 253402300799) throw invalid('expire_at', 'expire_at is too far in the future');
  return fromUnix(expireAt);
}

/** A new link's columns from what was asked (all but its slug), checked against `nowMs`. */
export const newLinkValues = async (
  accountId: number,
  domainId: number,
  input: LinkInput,
  nowMs: number,
) => ({
  accountId,
  domainId,
  kind: input.kind,
  targetUrl: input.targetUrl === null ? null : normalizeUrl(input.targetUrl),
  title: checkTitle(input.title) ?? null,
  passwordHash: input.passwordHash ?? (input.password ? await hashPassword(input.password) : null),
  expireAt: toExpiry(input.expireAt, nowMs) ?? null,
  expirationRedirectUrl: input.expirationRedirectUrl
    ? normalizeUrl(input.expirationRedirectUrl, 'expiration_redirect_url')
    : null,
  redirectCode: input.redirectCode ?? 302,
  qrCode: input.qrCode ?? false,
  unfurl: input.unfurl ?? true,
  maxVisits: checkMaxVisits(input.maxVisits) ?? null,
  forwardQuery: redirectOnly(input, 'forwardQuery', 'forward_query') ?? false,
  visitorQueryWins: redirectOnly(input, 'visitorQueryWins', 'visitor_query_wins') ?? false,
  utm: checkUtm(redirectOnly(input, 'utm', 'utm')),
  watchTarget: redirectOnly(input, 'watchTarget', 'watch_target') ?? false,
  // Watched links are checked soon after they are made (an account that watches all: see
  // TargetWatch, which schedules its links).
  healthNextAt: input.watchTarget && input.kind === 'redirect' ? new Date(nowMs) : null,
  fallbackUrl: optionalUrl(redirectOnly(input, 'fallbackUrl', 'fallback_url'), 'fallback_url'),
});

/** A field only redirects have: refused on other kinds when given. */
export function redirectOnly<K extends keyof LinkInput>(
  input: Partial<LinkInput>,
  key: K,
  field: string,
  kind = input.kind,
): LinkInput[K] | undefined {
  const value = input[key];
  if (value === undefined || value === null || kind === 'redirect') return value;
  throw invalid(field, `Only redirect links have ${field}`);
}

export const optionalUrl = (url: string | null | undefined, field: string) =>
  url ? normalizeUrl(url, field) : null;

/** `max_visits`: a positive integer, or null for no limit. */
export function checkMaxVisits(n: number | null | undefined): number | null | undefined {
  if (n === undefined || n === null) return n;
  if (!Number.isInteger(n) || n < 1 || n > 2_000_000_000) {
    throw invalid('max_visits', 'max_visits must be a positive integer (null: no limit)');
  }
  return n;
}
