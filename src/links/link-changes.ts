import { hashPassword } from '../auth/password';
import { invalid } from '../common/errors/domain-error';
import { checkTitle, normalizeUrl, toExpiry } from './link-values';
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
  return changes;
}
