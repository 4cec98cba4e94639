import { Controller, Get, Post, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { PasswordResets } from '../auth/email-tokens/password-resets.service';
import { checkFormToken } from '../auth/sessions/session-cookies';
import { Public } from '../common/decorators/public.decorator';
import { RawResponse } from '../common/decorators/raw-response.decorator';
import { tk } from '../i18n/i18n';
import { EmailForm, MailedTokenQuery, NewPasswordForm } from './forms/by-mail.forms';
import { formOutcome } from './forms/form-outcome';
import { PageForm, PageQuery } from './forms/page-query.decorator';
import { FrontDoorView } from './front-door.view';

/** "Forgot password" (`/forgot-password`) and the mailed link's page (`/reset-password`). */
@ApiExcludeController()
@Public()
@RawResponse()
@Controller()
export class PasswordResetController {
  constructor(
    private readonly view: FrontDoorView,
    private readonly resets: PasswordResets,
  ) {}

  @Get('forgot-password')
  forgot(@Req() req: Request, @Res() res: Response): void {
    this.view.page(req, res, 'forgot-password', 'Forgot password', {
      canMail: this.resets.canMail,
    });
  }

  /** The same answer whether or not the address has an account. */
  @Post('forgot-password')
  async ask(@PageForm(EmailForm) form: EmailForm, @Req() req: Request, @Res() res: Response) {
    checkFormToken(req);
    const out = await formOutcome(() => this.resets.request(form.email ?? '', req.ip ?? ''));
    const data = { canMail: this.resets.canMail, email: form.email ?? '' };
    if (out.error) {
      const page = { ...data, error: out.error.message };
      return this.view.page(req, res, 'forgot-password', 'Forgot password', page, out.error.status);
    }
    const sent = tk(
      'If an account has this address, a link to choose a new password is on its way. It works once, for an hour.',
    );
    this.view.page(req, res, 'forgot-password', 'Forgot password', { ...data, sent, notice: sent });
  }

  @Get('reset-password')
  resetPage(
    @PageQuery(MailedTokenQuery) q: MailedTokenQuery,
    @Req() req: Request,
    @Res() res: Response,
  ) {
    this.view.page(req, res, 'reset-password', 'Choose a new password', { token: q.token ?? '' });
  }

  @Post('reset-password')
  async reset(
    @PageForm(NewPasswordForm) form: NewPasswordForm,
    @Req() req: Request,
    @Res() res: Response,
  ) {
    checkFormToken(req);
    const out = await formOutcome(() => this.resets.complete(form.token, form.password ?? ''));
    if (out.error) {
      const page = { token: form.token ?? '', error: out.error.message };
      return this.view.page(
        req,
        res,
        'reset-password',
        'Choose a new password',
        page,
        out.error.status,
      );
    }
    const notice = tk('Password changed: log in with it');
    this.view.form(req, res, 'login', { email: '', next: '/account', notice });
  }
}
