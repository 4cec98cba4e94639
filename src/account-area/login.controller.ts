import { Controller, Get, Post, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { AuthService } from '../account/auth.service';
import { checkFormToken } from '../auth/sessions/session-cookies';
import { Public } from '../common/decorators/public.decorator';
import { RawResponse } from '../common/decorators/raw-response.decorator';
import { DomainError } from '../common/errors/domain-error';
import { AuthAttempt } from '../rate-limit/auth-attempt.decorator';
import { safeNext } from './form';
import { credentialsOf, CredentialsForm } from './forms/credentials.form';
import { wordsOf } from '../i18n/language-of';
import { formOutcome } from './forms/form-outcome';
import { PageForm, PageQuery } from './forms/page-query.decorator';
import { AddressQuery } from './forms/share.forms';
import { FrontDoorView } from './front-door.view';

/**
 * Log in in a browser: a server-side session in an HttpOnly cookie; with two-factor codes on,
 * after a second page that asks for one.
 */
@ApiExcludeController()
@Public()
@RawResponse()
@Controller('login')
export class LoginController {
  constructor(
    private readonly view: FrontDoorView,
    private readonly auth: AuthService,
  ) {}

  @Get()
  page(@PageQuery(AddressQuery) query: AddressQuery, @Req() req: Request, @Res() res: Response) {
    this.view.form(req, res, 'login', { next: safeNext(query.next), email: '' });
  }

  @Post()
  @AuthAttempt('login')
  async login(
    @PageForm(CredentialsForm) fields: CredentialsForm,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    checkFormToken(req);
    const next = safeNext(fields.next);
    const out = await formOutcome(async () => {
      // Whatever is wrong with the form, the answer says no more than a wrong password would.
      const { email, password } = await credentialsOf(fields, wrongCredentials, wordsOf(res.req));
      return this.auth.firstStep(email, password, req.headers['user-agent'], false);
    }, [429]);
    if (out.ok?.challenge)
      return await this.view.secondStep(req, res, { challenge: out.ok.challenge, next });
    if (out.ok) return this.view.logIn(out.ok.account.id, req, res, next);
    const again = { next, email: fields.email ?? '', error: out.error.message };
    this.view.form(req, res, 'login', again, out.error.status);
  }
}

const wrongCredentials = () =>
  new DomainError(401, 'invalid_credentials', 'Wrong email or password');
