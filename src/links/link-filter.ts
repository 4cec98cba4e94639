import type { TargetHealthStatus } from './rules/rule-types';
import { LinkKind } from './link.entity';

/** What a list of the account's links is narrowed to and ordered by. */
export interface LinkFilter {
  tagId?: number;
  domainId?: number;
  kind?: LinkKind;
  q?: string;
  /** Only the links made as QR codes. */
  qrCode?: boolean;
  /** Only links whose watched target is in this state (`broken`: the owner's list filter). */
  health?: TargetHealthStatus;
  /** newest first (default), oldest first, most or least visited first, or shuffled. */
  sort?: LinkSort;
  /**
   * Keyset paging (newest or oldest first): the links after this id in the list's order, read
   * from the index at any depth where an offset first walks past every link before it.
   */
  after?: number;
}

/** The orders the account area offers; YOURLS's `stats` also asks for the other two. */
export const LINK_SORTS = ['newest', 'oldest', 'visits'] as const;
export type LinkSort = (typeof LINK_SORTS)[number] | 'fewest_visits' | 'random';
