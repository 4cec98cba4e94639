import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { IS_PUBLIC } from '../common/decorators/public.decorator';
import { DomainError } from '../common/errors/domain-error';
import { AuthenticatedAccount } from './authenticated-account';
import { TokensService } from './tokens.service';
import { UsageService } from '../usage/usage.service';
import { checkCsrf, sessionSecretOf } from './sessions/session-cookies';
import { WebSessionsService } from './sessions/web-sessions.service';

/**
 * The token from `Authorization: Bearer <t>`, a bare `Authorization: <t>`, or `?signature=<t>`
 * (in a form body too).
 */
export function extractToken(req: Request): string | undefined {
  const header = req.headers.authorization?.trim();
  if (header) return header.replace(/^Bearer\s+/i, '').trim() || undefined;
  // YOURLS clients may post `signature` in a form body instead of the query string.
  const body: unknown = req.is('application/x-www-form-urlencoded') ? req.body : undefined;
  const signature = req.query.signature ?? (body as Record<string, unknown> | undefined)?.signature;
  return typeof signature === 'string' && signature !== '' ? signature : undefined;
}

/**
 * The global guard: every route needs a token unless it is @Public(). Without a token, a browser
 * session's cookie will do, with that session's CSRF token in `X-CSRF-Token`.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly tokens: TokensService,
    private readonly usage: UsageService,
    private readonly sessions: WebSessionsService,
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
        await this.usage.countApiCall(req.account);
        return true;
      }
    }
    if (!token) {
      throw new DomainError(
        401,
        'unauthorized',
        'An API token is required (Authorization: Bearer <token>, or ?signature=<token>)',
      );
    }
    req.account = await this.tokens.authenticate(token);
    await this.usage.countApiCall(req.account);
    return true;
  }
}
