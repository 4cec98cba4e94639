import { Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { formToken, setSessionCookie } from '../auth/sessions/session-cookies';
import { WebSessionsService } from '../auth/sessions/web-sessions.service';
import { EmailChecks } from '../auth/email-tokens/email-checks.service';
import { SingleSignOn } from '../auth/oidc/single-sign-on.service';
import { LoginChallenges } from '../auth/two-factor/login-challenges';
import { Passkeys } from '../auth/passkeys/passkeys.service';
import { Env } from '../config/env';
import { Pages } from './pages';

/** The log-in and sign-up pages, and what ends them well: a session and a redirect. */
@Injectable()
export class FrontDoorView {
  constructor(
    private readonly pages: Pages,
    private readonly sessions: WebSessionsService,
    private readonly checks: EmailChecks,
    private readonly sso: SingleSignOn,
    private readonly env: Env,
    private readonly challenges: LoginChallenges,
    private readonly passkeys: Passkeys,
  ) {}

  form(
    req: Request,
    res: Response,
    template: 'login' | 'signup',
    data: {
      email: string;
      next?: string;
      error?: string;
      notice?: string;
      invite?: string;
      closed?: boolean;
    },
    status = 200,
  ): void {
    const title = template === 'login' ? 'Log in' : 'Sign up';
    const ways = {
      providers: this.sso.providers(),
      passwordLogin: this.env.AUTH_PASSWORD_LOGIN,
      passkeys: template === 'login',
    };
    const page = { next: '/account', ...data, ...ways, formToken: formToken(req, res) };
    this.pages.send(res, template, title, {}, page, status);
  }

  /** A page of the front door other than log-in and sign-up (password reset, address check). */
  page(
    req: Request,
    res: Response,
    template: 'forgot-password' | 'reset-password' | 'verify-email',
    title: string,
    data: Record<string, unknown>,
    status = 200,
  ): void {
    this.pages.send(res, template, title, {}, { ...data, formToken: formToken(req, res) }, status);
  }

  /** The log-in's second page: a code of the authenticator app, or a recovery code. */
  async secondStep(
    req: Request,
    res: Response,
    data: { challenge: string; next: string; error?: string },
    status = 200,
  ): Promise<void> {
    // A passkey of the account works as the second step too.
    const accountId = await this.challenges.accountOf(data.challenge).catch(() => null);
    const passkeys = accountId !== null && (await this.passkeys.list(accountId)).length > 0;
    const page = { ...data, passkeys, formToken: formToken(req, res) };
    this.pages.send(res, 'login-2fa', 'Two-factor code', {}, page, status);
  }

  /** After sign-up: logged in, or (AUTH_VERIFY_EMAIL) told to open the link mailed to `email`. */
  async signedUp(accountId: number, email: string, req: Request, res: Response): Promise<void> {
    if (!this.checks.required) return this.logIn(accountId, req, res, '/account');
    const mailedTo = email.trim().toLowerCase();
    this.page(req, res, 'verify-email', 'Confirm your email address', { mailedTo });
  }

  async logIn(accountId: number, req: Request, res: Response, next: string): Promise<void> {
    await this.startSession(accountId, req, res);
    res.redirect(303, next);
  }

  /** A new browser session for the account, its cookie set on `res`. */
  async startSession(accountId: number, req: Request, res: Response): Promise<void> {
    const secret = await this.sessions.start(accountId, req.headers['user-agent']);
    setSessionCookie(req, res, secret, this.sessions.maxAgeMs);
  }
}
