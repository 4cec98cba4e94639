import { RequestContexts } from '../common/request-context';
import { CanActivate, ExecutionContext, Injectable, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { WebSessionsService, ActiveSession } from '../auth/sessions/web-sessions.service';
import type { AuthenticatedAccount } from '../auth/authenticated-account';
import { checkCsrf, csrfFailed, sessionSecretOf } from '../auth/sessions/session-cookies';
import { TwoFactorPolicy } from '../auth/two-factor/two-factor-policy';
import { TwoFactorService } from '../auth/two-factor/two-factor.service';

export type SessionRequest = Request & { account?: AuthenticatedAccount; session?: ActiveSession };

/** Thrown when a page needs a log-in: LoginRedirectFilter sends the browser to /login. */
export class LoginRequired extends Error {}

/** Thrown when the server requires two-factor codes the account has not set up yet. */
export class TwoFactorSetupRequired extends Error {}

/** Where an account the server requires two-factor codes of may go before it has them. */
const ENROL_PATHS = /^\/(account\/security|account\/2fa\/|account\/password|logout)/;

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

const SHARE_TARGET = 'account-area:share-target';
/**
 * A handler the browser itself posts to (the installed app's share target): no page of ours
 * gave it a CSRF token. Fetch metadata stands in: the browser says the request did not come from
 * another site (`Sec-Fetch-Site: none` or `same-origin`); a missing header is refused.
 */
export const BrowserPosted = () => SetMetadata(SHARE_TARGET, true);
const POSTED_BY_BROWSER = new Set(['none', 'same-origin']);

/**
 * The account area's guard: the browser's session cookie names a live session (else the log-in
 * page), every state change carries that session's CSRF token (else 403), and an account the
 * server requires two-factor codes of has them (else the security page, to set them up).
 */
@Injectable()
export class SessionGuard implements CanActivate {
  constructor(
    private readonly sessions: WebSessionsService,
    private readonly reflector: Reflector,
    private readonly policy: TwoFactorPolicy,
    private readonly twoFactor: TwoFactorService,
  ) {}

  async canActivate(ctx: ExecutionContext): Promise<boolean> {
    const req = ctx.switchToHttp().getRequest<SessionRequest>();
    const session = await this.sessions.resolve(sessionSecretOf(req));
    if (!session) throw new LoginRequired();
    if (!SAFE.has(req.method)) {
      if (!this.reflector.get<boolean>(SHARE_TARGET, ctx.getHandler())) {
        checkCsrf(req, session.csrfToken);
      } else if (!POSTED_BY_BROWSER.has(String(req.headers['sec-fetch-site']))) {
        throw csrfFailed();
      }
    }
    req.session = session;
    req.account = session.account;
    RequestContexts.identify({ type: 'session', id: req.account.id }, req.account.id);
    if (!ENROL_PATHS.test(req.path) && (await this.policy.requires(session.account))) {
      if (!(await this.twoFactor.isEnabled(session.account.id))) throw new TwoFactorSetupRequired();
    }
    return true;
  }
}
