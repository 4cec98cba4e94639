import { Controller, Get, Post, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { AccountsService } from '../auth/accounts.service';
import { AuthService } from '../account/auth.service';
import { CredentialsDto } from '../account/dto/credentials.dto';
import { Public } from '../common/decorators/public.decorator';
import { RawResponse } from '../common/decorators/raw-response.decorator';
import { DomainError, notFound } from '../common/errors/domain-error';
import { Env } from '../config/env';
import { AuthAttempt } from '../rate-limit/auth-attempt.decorator';
import { parseForm, safeNext } from './form';
import { CredentialsForm } from './forms/credentials.form';
import { formOutcome } from './forms/form-outcome';
import { PageForm, PageQuery } from './forms/page-query.decorator';
import { FrontDoorView } from './front-door.view';
import { checkFormToken } from '../auth/sessions/session-cookies';
import { AddressQuery } from './forms/share.forms';

/** Sign up and log in in a browser: a server-side session in an HttpOnly cookie. */
@ApiExcludeController()
@Public()
@RawResponse()
@Controller()
export class FrontDoorController {
  constructor(
    private readonly view: FrontDoorView,
    private readonly auth: AuthService,
    private readonly accounts: AccountsService,
    private readonly env: Env,
  ) {}

  @Get('login')
  loginPage(
    @PageQuery(AddressQuery) query: AddressQuery,
    @Req() req: Request,
    @Res() res: Response,
  ): void {
    this.view.form(req, res, 'login', { next: safeNext(query.next), email: '' });
  }

  @Post('login')
  @AuthAttempt('login')
  async login(
    @PageForm(CredentialsForm) fields: CredentialsForm,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    checkFormToken(req);
    const next = safeNext(fields.next);
    const parsed = await parseForm(CredentialsDto, {
      email: fields.email,
      password: fields.password,
    });
    const out = await formOutcome(async () => {
      if (!parsed.dto) throw new DomainError(401, 'invalid_credentials', 'Wrong email or password');
      return (await this.accounts.verifyCredentials(parsed.dto.email, parsed.dto.password)).id;
    }, [429]);
    if (!out.error) return this.view.logIn(out.ok, req, res, next);
    const again = { next, email: fields.email ?? '', error: out.error.message };
    this.view.form(req, res, 'login', again, out.error.status);
  }

  @Get('signup')
  signupPage(@Req() req: Request, @Res() res: Response): void {
    if (this.env.AUTH_SIGNUP === 'closed') throw notFound('Page');
    this.view.form(req, res, 'signup', { email: '' });
  }

  @Post('signup')
  @AuthAttempt('signup')
  async signup(
    @PageForm(CredentialsForm) fields: CredentialsForm,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    if (this.env.AUTH_SIGNUP === 'closed') throw notFound('Page');
    checkFormToken(req);
    const parsed = await parseForm(CredentialsDto, {
      email: fields.email,
      password: fields.password,
    });
    const out = await formOutcome(() => {
      if (!parsed.dto) throw new DomainError(400, 'validation_failed', parsed.error);
      return this.auth.register(parsed.dto.email, parsed.dto.password);
    }, [429]);
    if (!out.error) return this.view.logIn(out.ok, req, res, '/account');
    const again = { email: fields.email ?? '', error: out.error.message };
    this.view.form(req, res, 'signup', again, out.error.status);
  }
}
