import type { Link, LinkKind } from './link.entity';
import type { LinkChanges } from './links.repository';
import type { UsageMetric } from '../common/usage-limits';
import type { LinkUtm } from './rules/rule-types';

export interface LinkInput {
  kind: LinkKind;
  targetUrl: string | null;
  domain?: string;
  customSlug?: string;
  title?: string | null;
  tagIds?: number[];
  password?: string | null;
  /** A password hashed already (a resumable upload's, hashed when it began): used as it is. */
  passwordHash?: string;
  expireAt?: number | null;
  expirationRedirectUrl?: string | null;
  redirectCode?: number;
  /** Made as a QR code (S.EE's `/qrcode`): listed and counted as one. */
  qrCode?: boolean;
  /** Link previews may show its content (true when not given). */
  unfurl?: boolean;
  /** Visits (people) served before the share answers 410; null: no limit. */
  maxVisits?: number | null;
  /** Redirects only: the visitor's query goes onto the target; whose parameter wins. */
  forwardQuery?: boolean;
  visitorQueryWins?: boolean;
  utm?: LinkUtm | null;
  /** Redirects only: the target is checked; broken, visitors go to the fallback. */
  watchTarget?: boolean;
  fallbackUrl?: string | null;
}

/** A link named by its id (resource style) or by domain and slug (S.EE style). */
export type LinkRef = { id: number } | { domain?: string; slug: string };

export type LinkUpdate = Partial<Omit<LinkInput, 'kind' | 'domain' | 'customSlug'>>;

/** A checked change, ready to be written inside a transaction (no hashing or lookups left). */
export interface PreparedLinkUpdate {
  link: Link;
  changes: LinkChanges;
  tagIds?: number[];
}

/** Which of S.EE's day and month counters a new share adds to. */
export const usageMetricOf = (input: LinkInput): UsageMetric => {
  if (input.qrCode) return 'qrcode';
  if (input.kind === 'text') return 'text';
  if (input.kind === 'file') return 'upload';
  return 'link';
};
