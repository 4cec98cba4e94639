import { hashPassword } from '../auth/password';
import { invalid } from '../common/errors/domain-error';
import {
  checkMaxVisits,
  checkTitle,
  normalizeUrl,
  optionalUrl,
  redirectOnly,
  toExpiry,
} from './link-values';
import { checkUtm } from './rules/rules-input';

/** A target's state before its first check. */
export const UNCHECKED = {
  healthStatus: 'unchecked' as const,
  healthHttpStatus: null,
  healthFailures: 0,
  healthCheckedAt: null,
};
import type { Link } from './link.entity';
import type { LinkUpdate } from './link-input';
import type { LinkChanges } from './links.repository';

/** The columns a change of a link's fields sets, checked against its rules; nothing is written. */
export async function linkChangesOf(link: Link, input: LinkUpdate, now: number) {
  const changes: LinkChanges = {};
  if (input.targetUrl !== undefined && input.targetUrl !== null) {
    if (link.kind !== 'redirect')
      throw invalid('target_url', 'Only redirect links have a target_url');
    changes.targetUrl = normalizeUrl(input.targetUrl);
  }
  if (input.title !== undefined) changes.title = checkTitle(input.title);
  if (input.password !== undefined) {
    changes.passwordHash = input.password === null ? null : await hashPassword(input.password);
  }
  if (input.expireAt !== undefined) changes.expireAt = toExpiry(input.expireAt, now);
  if (input.expirationRedirectUrl !== undefined) {
    changes.expirationRedirectUrl =
      input.expirationRedirectUrl === null
        ? null
        : normalizeUrl(input.expirationRedirectUrl, 'expiration_redirect_url');
  }
  if (input.redirectCode !== undefined) changes.redirectCode = input.redirectCode;
  if (input.unfurl !== undefined) changes.unfurl = input.unfurl;
  if (input.maxVisits !== undefined) changes.maxVisits = checkMaxVisits(input.maxVisits);
  const kind = link.kind;
  const forwardQuery = redirectOnly(input, 'forwardQuery', 'forward_query', kind);
  if (forwardQuery !== undefined) changes.forwardQuery = forwardQuery;
  const visitorWins = redirectOnly(input, 'visitorQueryWins', 'visitor_query_wins', kind);
  if (visitorWins !== undefined) changes.visitorQueryWins = visitorWins;
  const utm = redirectOnly(input, 'utm', 'utm', kind);
  if (utm !== undefined) changes.utm = checkUtm(utm);
  const fallback = redirectOnly(input, 'fallbackUrl', 'fallback_url', kind);
  if (fallback !== undefined) changes.fallbackUrl = optionalUrl(fallback, 'fallback_url');
  const watch = redirectOnly(input, 'watchTarget', 'watch_target', kind);
  if (watch !== undefined) changes.watchTarget = watch;
  // A new target, or one watched from now: its state is not known yet, and is checked soon.
  const retarget = changes.targetUrl !== undefined && changes.targetUrl !== link.targetUrl;
  if (retarget || (watch && !link.watchTarget)) {
    Object.assign(changes, UNCHECKED, { healthNextAt: new Date(now) });
  }
  return changes;
}
