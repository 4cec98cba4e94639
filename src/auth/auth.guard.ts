import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { RequestContexts } from '../common/request-context';
import { IS_PUBLIC } from '../common/decorators/public.decorator';
import { DomainError } from '../common/errors/domain-error';
import { AuthenticatedAccount } from './authenticated-account';
import { PasswordAttempts } from '../rate-limit/password-attempts';
import { AccountsService } from './accounts.service';
import { PASSWORD_SIGN_IN } from './password-sign-in.decorator';
import { TokensService } from './tokens.service';
import { UsageService } from './plans/usage.service';
import { checkCsrf, sessionSecretOf } from './sessions/session-cookies';
import { WebSessionsService } from './sessions/web-sessions.service';
import { TOKEN_SCOPE } from './scopes/api-auth.decorator';
import { assertAllowed, neededScope, RouteScope } from './scopes/scopes';

/**
 * The token from `Authorization: Bearer <t>`, a bare `Authorization: <t>`, or `?signature=<t>`
 * (in a form body too).
 */
export function extractToken(req: Request): string | undefined {
  const header = req.headers.authorization?.trim();
  if (header) return header.replace(/^Bearer\s+/i, '').trim() || undefined;
  // YOURLS clients may post `signature` in a form body instead of the query string.
  const signature = formParam(req, 'signature');
  return signature !== '' ? signature : undefined;
}

/** A parameter from the query string, else a form body (urlencoded, or multipart's fields). */
function formParam(req: Request, name: string): string | undefined {
  const form = req.is(['application/x-www-form-urlencoded', 'multipart/form-data']);
  const body = (form ? req.body : undefined) as Record<string, unknown> | undefined;
  const value = req.query[name] ?? body?.[name];
  return typeof value === 'string' ? value : undefined;
}

/**
 * The global guard: every route needs a token unless it is @Public(), and a token limited to
 * scopes the scope its route declares (@ApiAuth). Without a token, a browser session's cookie
 * will do, with that session's CSRF token in `X-CSRF-Token`.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly tokens: TokensService,
    private readonly usage: UsageService,
    private readonly sessions: WebSessionsService,
    private readonly accounts: AccountsService,
    private readonly attempts: PasswordAttempts,
  ) {}

  async canActivate(ctx: ExecutionContext): Promise<boolean> {
    if (this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, [ctx.getHandler(), ctx.getClass()])) {
      return true;
    }
    const req = ctx.switchToHttp().getRequest<Request & { account?: AuthenticatedAccount }>();
    const token = extractToken(req);
    if (!token && req.headers.cookie) {
      // The account area's scripts call the API as the logged-in browser, CSRF token in a header.
      const session = await this.sessions.resolve(sessionSecretOf(req));
      if (session) {
        checkCsrf(req, session.csrfToken);
        req.account = session.account;
        RequestContexts.identify({ type: 'session', id: req.account.id }, req.account.id);
        RequestContexts.setClient('browser');
        await this.usage.countApiCall(req.account);
        return true;
      }
    }
    const username = formParam(req, 'username');
    if (
      !token &&
      username &&
      this.reflector.getAllAndOverride<boolean>(PASSWORD_SIGN_IN, [
        ctx.getHandler(),
        ctx.getClass(),
      ])
    ) {
      await this.attempts.attempt(username);
      req.account = await this.accounts.signIn(username, formParam(req, 'password') ?? '');
      RequestContexts.identify({ type: 'account', id: req.account.id }, req.account.id);
      await this.usage.countApiCall(req.account);
      return true;
    }
    if (!token) {
      throw new DomainError(
        401,
        'unauthorized',
        'An API token is required (Authorization: Bearer <token>, or ?signature=<token>)',
      );
    }
    req.account = await this.tokens.authenticate(token);
    RequestContexts.identify({ type: 'token', id: req.account.tokenId }, req.account.id);
    // A route that declares no scope is for tokens with full access only.
    const route = this.reflector.get<RouteScope | undefined>(TOKEN_SCOPE, ctx.getHandler());
    assertAllowed(req.account.scopes, neededScope(route ?? 'full', req.method));
    await this.usage.countApiCall(req.account);
    return true;
  }
}
