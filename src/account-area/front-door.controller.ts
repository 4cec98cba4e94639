import {
  Body,
  Controller,
  Get,
  Post,
  Query,
  Req,
  Res,
  UseFilters,
  UseGuards,
} from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { AccountsService } from '../auth/accounts.service';
import { AuthService } from '../account/auth.service';
import { CredentialsDto } from '../account/dto/credentials.dto';
import { WebSessionsService } from '../auth/sessions/web-sessions.service';
import { Public } from '../common/decorators/public.decorator';
import { RawResponse } from '../common/decorators/raw-response.decorator';
import { DomainError, notFound } from '../common/errors/domain-error';
import { Env } from '../config/env';
import { AuthAttempt } from '../rate-limit/auth-attempt.decorator';
import { CurrentViewer } from './current-session.decorator';
import { filled, parseForm, safeNext } from './form';
import { LoginRedirectFilter } from './login-redirect.filter';
import { Pages, Viewer } from './pages';
import {
  checkFormToken,
  clearSessionCookie,
  formToken,
  setSessionCookie,
} from '../auth/sessions/session-cookies';
import { SessionGuard } from './session.guard';

/** Sign up, log in and log out in a browser: a server-side session in an HttpOnly cookie. */
@ApiExcludeController()
@Public()
@RawResponse()
@Controller()
export class FrontDoorController {
  constructor(
    private readonly pages: Pages,
    private readonly auth: AuthService,
    private readonly accounts: AccountsService,
    private readonly sessions: WebSessionsService,
    private readonly env: Env,
  ) {}

  @Get('login')
  loginPage(@Query('next') next: unknown, @Req() req: Request, @Res() res: Response): void {
    this.form(req, res, 'login', 'Log in', { next: safeNext(next), email: '' });
  }

  @Post('login')
  @AuthAttempt('login')
  async login(@Body() body: unknown, @Req() req: Request, @Res() res: Response): Promise<void> {
    checkFormToken(req);
    const fields = filled(body, ['email', 'password']);
    const next = safeNext((body as { next?: unknown } | undefined)?.next);
    const parsed = await parseForm(CredentialsDto, fields);
    try {
      if (!parsed.dto) throw new DomainError(401, 'invalid_credentials', 'Wrong email or password');
      const account = await this.accounts.verifyCredentials(parsed.dto.email, parsed.dto.password);
      await this.logIn(account.id, req, res, next);
    } catch (e) {
      if (!(e instanceof DomainError) || e.status >= 500 || e.status === 429) throw e;
      this.form(
        req,
        res,
        'login',
        'Log in',
        { next, email: fields.email ?? '', error: e.message },
        e.status,
      );
    }
  }

  @Get('signup')
  signupPage(@Req() req: Request, @Res() res: Response): void {
    if (this.env.AUTH_SIGNUP === 'closed') throw notFound('Page');
    this.form(req, res, 'signup', 'Sign up', { email: '' });
  }

  @Post('signup')
  @AuthAttempt('signup')
  async signup(@Body() body: unknown, @Req() req: Request, @Res() res: Response): Promise<void> {
    if (this.env.AUTH_SIGNUP === 'closed') throw notFound('Page');
    checkFormToken(req);
    const fields = filled(body, ['email', 'password']);
    const parsed = await parseForm(CredentialsDto, fields);
    try {
      if (!parsed.dto) throw new DomainError(400, 'validation_failed', parsed.error);
      const id = await this.auth.register(parsed.dto.email, parsed.dto.password);
      await this.logIn(id, req, res, '/account');
    } catch (e) {
      if (!(e instanceof DomainError) || e.status >= 500 || e.status === 429) throw e;
      this.form(
        req,
        res,
        'signup',
        'Sign up',
        { email: fields.email ?? '', error: e.message },
        e.status,
      );
    }
  }

  @Post('logout')
  @UseGuards(SessionGuard)
  @UseFilters(LoginRedirectFilter)
  async logout(@CurrentViewer() viewer: Viewer, @Req() req: Request, @Res() res: Response) {
    await this.sessions.end(viewer.sessionId!);
    clearSessionCookie(req, res);
    res.redirect(303, '/');
  }

  private async logIn(accountId: number, req: Request, res: Response, next: string) {
    const secret = await this.sessions.start(accountId, req.headers['user-agent']);
    setSessionCookie(req, res, secret, this.sessions.maxAgeMs);
    res.redirect(303, next);
  }

  private form(
    req: Request,
    res: Response,
    template: 'login' | 'signup',
    title: string,
    data: Record<string, unknown>,
    status = 200,
  ) {
    this.pages.send(res, template, title, {}, { ...data, formToken: formToken(req, res) }, status);
  }
}
