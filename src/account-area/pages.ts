import { Injectable } from '@nestjs/common';
import { Eta } from 'eta';
import type { Response } from 'express';
import { join } from 'node:path';
import type { AuthenticatedAccount } from '../auth/authenticated-account';
import { pageHeaders } from '../common/page-headers';
import { Env } from '../config/env';
import { tk } from '../i18n/i18n';
import { languageLinks, wordsOf } from '../i18n/language-of';
import { ASSET_VERSION } from './asset-files';
import { jsonIsland } from './format';

/** The account area's pages: scripts and styles only from our own files, never cached. */
export const ACCOUNT_PAGE_HEADERS = pageHeaders({
  scripts: "'self'",
  styles: "'self'",
  images: "'self' data:",
  connect: true,
  referrer: 'same-origin',
  cache: 'no-store',
});

const NAV = [
  { section: 'overview', href: '/account', label: tk('Overview') },
  { section: 'links', href: '/account/links', label: tk('Links') },
  { section: 'texts', href: '/account/texts', label: tk('Texts') },
  { section: 'files', href: '/account/files', label: tk('Files') },
  { section: 'bio', href: '/account/bio', label: tk('Bio pages') },
  { section: 'tags', href: '/account/tags', label: tk('Tags') },
  { section: 'analytics', href: '/account/analytics', label: tk('Analytics') },
  { section: 'domains', href: '/account/domains', label: tk('Domains') },
  { section: 'tokens', href: '/account/tokens', label: tk('API tokens') },
  { section: 'webhooks', href: '/account/webhooks', label: tk('Webhooks') },
  { section: 'integrations', href: '/account/integrations', label: tk('Integrations') },
  { section: 'security', href: '/account/security', label: tk('Security') },
] as const;

const ADMIN_NAV = { section: 'admin', href: '/admin', label: tk('Admin') } as const;

/** The words app.js writes, given to it in the page's language (the layout's "words" island). */
const CLIENT_KEYS = [
  tk('Copied'),
  tk('Copy'),
  tk('pasted file'),
  tk('Uploading {{name}}'),
  tk('Uploaded {{name}}'),
  tk('larger than your plan allows'),
  tk('Copy the link to {{name}}'),
  tk('the connection failed'),
  tk('Close'),
  tk('Previous file'),
  tk('Next file'),
  tk('One link for all: '),
  tk('The files could not be shared as one link: {{why}}'),
  tk('The passkey did not work: {{why}}'),
];

export type Section = (typeof NAV)[number]['section'] | 'admin' | 'none';

/** Who is looking: an account with its session's CSRF token, or nobody. */
export interface Viewer {
  account?: AuthenticatedAccount;
  csrf?: string;
  sessionId?: string;
}

/**
 * Renders the account area's templates (Eta, escaped by default) into a response, in the
 * request's language: `title`, `notice` and `error` are keys (or a service's message, shown as
 * it is when no translation has it); templates print `it.t(…)`.
 */
@Injectable()
export class Pages {
  private readonly eta = new Eta({ views: join(__dirname, 'views'), cache: true });

  constructor(private readonly env: Env) {}

  send(
    res: Response,
    template: string,
    title: string,
    viewer: Viewer,
    data: Record<string, unknown> & { section?: Section; charts?: boolean } = {},
    status = 200,
  ): void {
    const req = res.req;
    const words = wordsOf(req);
    const say = (s: unknown) => (typeof s === 'string' ? words.say(s) : s);
    const html = this.eta.render(`./${template}`, {
      title: words.say(title),
      lang: words.lang,
      t: words.t,
      html: words.html,
      w: words,
      uiLanguages: languageLinks(req, words.lang),
      clientWords: jsonIsland(Object.fromEntries(CLIENT_KEYS.map((k) => [k, words.t(k)]))),
      account: viewer.account ?? null,
      csrf: viewer.csrf ?? '',
      signupOpen: this.env.AUTH_SIGNUP === 'open' && this.env.AUTH_PASSWORD_LOGIN,
      assetVersion: ASSET_VERSION,
      nav: [...NAV, ...(viewer.account?.isAdmin ? [ADMIN_NAV] : [])].map((n) => ({
        ...n,
        label: words.t(n.label),
        current: n.section === data.section,
      })),
      ...data,
      error: say(data.error ?? null),
      notice: say(data.notice ?? null),
    });
    res.status(status).set(ACCOUNT_PAGE_HEADERS).type('html').send(html);
  }
}
