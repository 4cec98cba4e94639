import { Controller, Get, Post, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { EmailChecks } from '../auth/email-tokens/email-checks.service';
import { checkFormToken } from '../auth/sessions/session-cookies';
import { Public } from '../common/decorators/public.decorator';
import { RawResponse } from '../common/decorators/raw-response.decorator';
import { tk } from '../i18n/i18n';
import { EmailForm, MailedTokenQuery } from './forms/by-mail.forms';
import { formOutcome } from './forms/form-outcome';
import { PageForm, PageQuery } from './forms/page-query.decorator';
import { FrontDoorView } from './front-door.view';

/** `/verify-email`: the link that confirms an address (then logged in), or a new link asked for. */
@ApiExcludeController()
@Public()
@RawResponse()
@Controller('verify-email')
export class VerifyEmailController {
  constructor(
    private readonly view: FrontDoorView,
    private readonly checks: EmailChecks,
  ) {}

  @Get()
  async open(
    @PageQuery(MailedTokenQuery) q: MailedTokenQuery,
    @Req() req: Request,
    @Res() res: Response,
  ) {
    if (!q.token) return this.view.page(req, res, 'verify-email', 'Confirm your email address', {});
    const accountId = await this.checks.confirm(q.token);
    if (accountId !== null) return this.view.logIn(accountId, req, res, '/account');
    const error = tk('This link is not valid any more: ask for a new one');
    this.view.page(req, res, 'verify-email', 'Confirm your email address', { error }, 400);
  }

  @Post()
  async resend(@PageForm(EmailForm) form: EmailForm, @Req() req: Request, @Res() res: Response) {
    checkFormToken(req);
    const out = await formOutcome(() => this.checks.resend(form.email ?? ''));
    const title = 'Confirm your email address';
    if (out.error)
      return this.view.page(
        req,
        res,
        'verify-email',
        title,
        { error: out.error.message },
        out.error.status,
      );
    const notice = tk('If this address waits to be confirmed, a new link is on its way.');
    this.view.page(req, res, 'verify-email', title, { notice });
  }
}
