import type { CustomDomain } from './custom-domain.entity';

const MINUTE = 60_000;
const DAY = 86_400_000;
/** A pending claim is checked again and again for this long, then it has failed. */
export const PENDING_FOR = 7 * DAY;

/**
 * When an unverified claim is looked at again: soon after it was added, then less and less
 * often (a quarter of its age, between a minute and six hours); after 7 days it has failed.
 */
export function nextCheck(claim: CustomDomain, now: number): Partial<CustomDomain> {
  const age = now - claim.createdAt.getTime();
  if (age >= PENDING_FOR) return { status: 'failed', nextCheckAt: null };
  const wait = Math.min(6 * 60 * MINUTE, Math.max(MINUTE, age / 4));
  return { status: 'pending', nextCheckAt: new Date(now + wait) };
}
