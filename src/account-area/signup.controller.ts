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
import { PageForm, PageQuery } from './forms/page-query.decorator';
import { InviteQuery } from './forms/credentials.form';
import { InvitesService } from '../auth/invites/invites.service';
import { tk } from '../i18n/i18n';
import { FrontDoorView } from './front-door.view';

/** Sign up in a browser (unless AUTH_SIGNUP is closed; by invitation with `invite`). */
@ApiExcludeController()
@Public()
@RawResponse()
@Controller('signup')
export class SignupController {
  constructor(
    private readonly view: FrontDoorView,
    private readonly auth: AuthService,
    private readonly env: Env,
    private readonly invites: InvitesService,
  ) {}

  /** With AUTH_SIGNUP=invite, the form only for a valid invitation (`?invite=`). */
  @Get()
  async page(
    @PageQuery(InviteQuery) query: InviteQuery,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    this.assertOpen();
    const invite = query.invite || undefined;
    if (this.env.AUTH_SIGNUP === 'invite' && !(await this.invites.isValid(invite))) {
      const error = invite ? invalidInvite : byInvitation;
      return this.view.form(req, res, 'signup', { email: '', error, closed: true }, 403);
    }
    this.view.form(req, res, 'signup', { email: '', invite });
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
      return this.auth.register(email, password, fields.invite || undefined);
    }, [429]);
    if (!out.error) return this.view.signedUp(out.ok, fields.email ?? '', req, res);
    const again = { email: fields.email ?? '', invite: fields.invite, error: out.error.message };
    this.view.form(req, res, 'signup', again, out.error.status);
  }

  private assertOpen(): void {
    if (this.env.AUTH_SIGNUP === 'closed' || !this.env.AUTH_PASSWORD_LOGIN) throw notFound('Page');
  }
}

const byInvitation = tk('Sign-up on this server is by invitation only');
const invalidInvite = tk('This invitation is not valid any more: ask for a new one');

const invalid = (problem: string) => new DomainError(400, 'validation_failed', problem);
