import { hashPassword } from '../auth/password';
import { invalid } from '../common/errors/domain-error';
import { fromUnix } from '../common/time';
import type { LinkInput } from './link-input';

/** The WHATWG form of the URL: what a Location header can carry (non-ASCII percent-encoded). */
export const normalizeUrl = (url: string) => new URL(url).href;

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
  title: input.title ?? null,
  passwordHash: input.password ? await hashPassword(input.password) : null,
  expireAt: toExpiry(input.expireAt, nowMs) ?? null,
  expirationRedirectUrl: input.expirationRedirectUrl
    ? normalizeUrl(input.expirationRedirectUrl)
    : null,
  redirectCode: input.redirectCode ?? 302,
  qrCode: input.qrCode ?? false,
});
