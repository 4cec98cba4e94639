import type { LinkKind } from '../link.entity';

/** What an expired share says (also the keys of its translations: the error page says them). */
export const EXPIRED: Record<LinkKind, string> = {
  redirect: 'This link has expired',
  text: 'This text has expired',
  file: 'This file has expired',
  bio: 'This page has expired',
  bundle: 'These files have expired',
};
