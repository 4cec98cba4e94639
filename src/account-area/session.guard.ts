import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { WebSessionsService, ActiveSession } from '../auth/sessions/web-sessions.service';
import type { AuthenticatedAccount } from '../auth/authenticated-account';
import { checkCsrf, sessionSecretOf } from '../auth/sessions/session-cookies';

export type SessionRequest = Request & { account?: AuthenticatedAccount; session?: ActiveSession };

/** Thrown when a page needs a log-in: LoginRedirectFilter sends the browser to /login. */
export class LoginRequired extends Error {}

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The account area's guard: the browser's session cookie names a live session (else the log-in
 * page), and every state change carries that session's CSRF token (else 403).
 */
@Injectable()
export class SessionGuard implements CanActivate {
  constructor(private readonly sessions: WebSessionsService) {}

  async canActivate(ctx: ExecutionContext): Promise<boolean> {
    const req = ctx.switchToHttp().getRequest<SessionRequest>();
    const session = await this.sessions.resolve(sessionSecretOf(req));
    if (!session) throw new LoginRequired();
    if (!SAFE.has(req.method)) checkCsrf(req, session.csrfToken);
    req.session = session;
    req.account = session.account;
    return true;
  }
}
