import type { Words } from '../../i18n/i18n';
import { tk } from '../../i18n/i18n';
import type { LinkKind } from '../../links/link.entity';
import { renderPublicPage } from './public-pages';

const HEADINGS: Record<LinkKind, string> = {
  redirect: tk('This link is protected by a password'),
  text: tk('This text is protected by a password'),
  file: tk('This file is protected by a password'),
  bio: tk('This page is protected by a password'),
  bundle: tk('These files are protected by a password'),
};

/** The form a password-protected share shows; it posts back to the same address. */
export const renderPasswordPage = (
  slug: string,
  kind: LinkKind,
  wrongPassword: boolean,
  w: Words,
  brand: boolean,
): string =>
  renderPublicPage(
    'password',
    { title: w.t('Password required'), heading: w.t(HEADINGS[kind]), slug, wrongPassword, brand },
    w,
  );
