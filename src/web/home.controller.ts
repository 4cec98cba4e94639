import { Controller, Get, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Pages } from '../account-area/pages';
import { sessionSecretOf } from '../auth/sessions/session-cookies';
import { WebSessionsService } from '../auth/sessions/web-sessions.service';
import { Public } from '../common/decorators/public.decorator';
import { RawResponse } from '../common/decorators/raw-response.decorator';
import { notFound } from '../common/errors/domain-error';
import { Env } from '../config/env';
import { DomainsService } from '../domains/domains.service';
import { sendRedirect } from '../links/resolve/send-redirect';
import { renderPublicPage } from './pages/public-pages';
import { tk } from '../i18n/i18n';
import { wordsOf } from '../i18n/language-of';
import { pageHeaders } from './security-headers';

/**
 * `/`: on the operator's domains the home page (HOME_REDIRECT_URL sends it elsewhere); on a
 * custom domain its root redirect, or a small page saying what lives here.
 */
@ApiExcludeController()
@Public()
@RawResponse()
@Controller()
export class HomeController {
  constructor(
    private readonly domains: DomainsService,
    private readonly pages: Pages,
    private readonly sessions: WebSessionsService,
    private readonly env: Env,
  ) {}

  @Get()
  async home(@Req() req: Request, @Res() res: Response): Promise<void> {
    const domain = this.domains.forRequest(req.headers.host);
    if (!domain) throw notFound('Page');
    if (domain.accountId === null) {
      if (this.env.HOME_REDIRECT_URL) return sendRedirect(res, 302, this.env.HOME_REDIRECT_URL);
      const session = await this.sessions.resolve(sessionSecretOf(req)).catch(() => null);
      const viewer = session ? { account: session.account, csrf: session.csrfToken } : {};
      return this.pages.send(res, 'home', tk('Short links, texts and files'), viewer);
    }
    const to = this.domains.settingsOf(domain.id)?.rootRedirectUrl;
    if (to) return sendRedirect(res, 302, to);
    const w = wordsOf(req);
    const brand = this.env.PUBLIC_BRAND_ON_CUSTOM_DOMAINS;
    const message = brand
      ? w.t('Short links, texts and files, shared with Linkdrop.')
      : w.t('Short links, texts and files.');
    res.status(200).set(pageHeaders()).type('html');
    res.send(renderPublicPage('notice', { title: domain.host, message, brand }, w));
  }
}
