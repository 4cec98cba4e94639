import { Controller, Get, Post, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { AuthService } from '../account/auth.service';
import { checkFormToken } from '../auth/sessions/session-cookies';
import { Public } from '../common/decorators/public.decorator';
import { RawResponse } from '../common/decorators/raw-response.decorator';
import { DomainError, notFound } from '../common/errors/domain-error';
import { Env } from '../config/env';
import { AuthAttempt } from '../rate-limit/auth-attempt.decorator';
import { credentialsOf, CredentialsForm } from './forms/credentials.form';
import { wordsOf } from '../i18n/language-of';
import { formOutcome } from './forms/form-outcome';
import { PageForm } from './forms/page-query.decorator';
import { FrontDoorView } from './front-door.view';

/** Sign up in a browser (unless AUTH_SIGNUP is closed), logged in at once. */
@ApiExcludeController()
@Public()
@RawResponse()
@Controller('signup')
export class SignupController {
  constructor(
    private readonly view: FrontDoorView,
    private readonly auth: AuthService,
    private readonly env: Env,
  ) {}

  @Get()
  page(@Req() req: Request, @Res() res: Response): void {
    this.assertOpen();
    this.view.form(req, res, 'signup', { email: '' });
  }

  @Post()
  @AuthAttempt('signup')
  async signup(
    @PageForm(CredentialsForm) fields: CredentialsForm,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    this.assertOpen();
    checkFormToken(req);
    const out = await formOutcome(async () => {
      const { email, password } = await credentialsOf(fields, invalid, wordsOf(res.req));
      return this.auth.register(email, password);
    }, [429]);
    if (!out.error) return this.view.logIn(out.ok, req, res, '/account');
    const again = { email: fields.email ?? '', error: out.error.message };
    this.view.form(req, res, 'signup', again, out.error.status);
  }

  private assertOpen(): void {
    if (this.env.AUTH_SIGNUP === 'closed') throw notFound('Page');
  }
}

const invalid = (problem: string) => new DomainError(400, 'validation_failed', problem);
