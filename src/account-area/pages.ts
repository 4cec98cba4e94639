import { Injectable } from '@nestjs/common';
import { Eta } from 'eta';
import type { Response } from 'express';
import { join } from 'node:path';
import type { AuthenticatedAccount } from '../auth/authenticated-account';
import { pageHeaders } from '../common/page-headers';
import { Env } from '../config/env';
import { ASSET_VERSION } from './assets.controller';

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
  { section: 'overview', href: '/account', label: 'Overview' },
  { section: 'links', href: '/account/links', label: 'Links' },
  { section: 'texts', href: '/account/texts', label: 'Texts' },
  { section: 'files', href: '/account/files', label: 'Files' },
  { section: 'tags', href: '/account/tags', label: 'Tags' },
  { section: 'analytics', href: '/account/analytics', label: 'Analytics' },
  { section: 'domains', href: '/account/domains', label: 'Domains' },
  { section: 'tokens', href: '/account/tokens', label: 'API tokens' },
  { section: 'integrations', href: '/account/integrations', label: 'Integrations' },
  { section: 'security', href: '/account/security', label: 'Security' },
] as const;

const ADMIN_NAV = { section: 'admin', href: '/admin', label: 'Admin' } as const;

export type Section = (typeof NAV)[number]['section'] | 'admin' | 'none';

/** Who is looking: an account with its session's CSRF token, or nobody. */
export interface Viewer {
  account?: AuthenticatedAccount;
  csrf?: string;
  sessionId?: string;
}

/** Renders the account area's templates (Eta, escaped by default) into a response. */
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
    const html = this.eta.render(`./${template}`, {
      title,
      account: viewer.account ?? null,
      csrf: viewer.csrf ?? '',
      signupOpen: this.env.AUTH_SIGNUP !== 'closed',
      assetVersion: ASSET_VERSION,
      nav: [...NAV, ...(viewer.account?.isAdmin ? [ADMIN_NAV] : [])].map((n) => ({
        ...n,
        current: n.section === data.section,
      })),
      error: null,
      notice: null,
      ...data,
    });
    res.status(status).set(ACCOUNT_PAGE_HEADERS).type('html').send(html);
  }
}
