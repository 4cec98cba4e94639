import type { LinkKind } from '../../links/link.entity';
import { KIND_WORDS } from '../../links/resolve/visits.service';
import { renderPublicPage } from './public-pages';

/** The form a password-protected share shows; it posts back to the same address. */
export const renderPasswordPage = (slug: string, kind: LinkKind, wrongPassword: boolean): string =>
  renderPublicPage('password', {
    title: 'Password required',
    heading: `This ${KIND_WORDS[kind]} is protected by a password`,
    slug,
    wrongPassword,
  });
