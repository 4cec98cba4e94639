import { renderPublicPage } from './public-pages';

/** The form a password-protected link shows; it posts back to the same address. */
export const renderPasswordPage = (slug: string, wrongPassword: boolean): string =>
  renderPublicPage('password', { title: 'Password required', slug, wrongPassword });
