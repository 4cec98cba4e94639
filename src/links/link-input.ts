import type { Link, LinkKind } from './link.entity';
import type { LinkChanges } from './links.repository';

export interface LinkInput {
  kind: LinkKind;
  targetUrl: string | null;
  domain?: string;
  customSlug?: string;
  title?: string | null;
  tagIds?: number[];
  password?: string | null;
  expireAt?: number | null;
  expirationRedirectUrl?: string | null;
  redirectCode?: number;
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
