import { LinkKind } from './link.entity';

/** What a list of the account's links is narrowed to and ordered by. */
export interface LinkFilter {
  tagId?: number;
  domainId?: number;
  kind?: LinkKind;
  q?: string;
  /** Only the links made as QR codes. */
  qrCode?: boolean;
  /** newest first (default), oldest first, or most visited first. */
  sort?: LinkSort;
}

export const LINK_SORTS = ['newest', 'oldest', 'visits'] as const;
export type LinkSort = (typeof LINK_SORTS)[number];
