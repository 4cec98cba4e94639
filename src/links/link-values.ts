import { invalid } from '../common/errors/domain-error';
import { fromUnix } from '../common/time';

/** The WHATWG form of the URL: what a Location header can carry (non-ASCII percent-encoded). */
export const normalizeUrl = (url: string) => new URL(url).href;

/** `expire_at` (Unix seconds) as a date, refused unless it is in the future of `nowMs`. */
export function toExpiry(expireAt: number | null | undefined, nowMs: number) {
  if (expireAt === undefined || expireAt === null) return expireAt;
  if (expireAt * 1000 <= nowMs) throw invalid('expire_at', 'expire_at must be in the future');
  if (expireAt > 253402300799) throw invalid('expire_at', 'expire_at is too far in the future');
  return fromUnix(expireAt);
}
