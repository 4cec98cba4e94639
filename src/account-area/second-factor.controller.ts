import { Controller, Post, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { AuthService } from '../account/auth.service';
import { checkFormToken } from '../auth/sessions/session-cookies';
import { Public } from '../common/decorators/public.decorator';
import { RawResponse } from '../common/decorators/raw-response.decorator';
import { AuthAttempt } from '../rate-limit/auth-attempt.decorator';
import { safeNext } from './form';
import { SecondFactorForm } from './forms/credentials.form';
import { formOutcome } from './forms/form-outcome';
import { PageForm } from './forms/page-query.decorator';
import { FrontDoorView } from './front-door.view';

/** The log-in's second page (two-factor codes on): a code of the app, or a recovery code. */
@ApiExcludeController()
@Public()
@RawResponse()
@Controller('login')
export class SecondFactorController {
  constructor(
    private readonly view: FrontDoorView,
    private readonly auth: AuthService,
  ) {}

  @Post('2fa')
  @AuthAttempt('code')
  async secondStep(
    @PageForm(SecondFactorForm) fields: SecondFactorForm,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    checkFormToken(req);
    const next = safeNext(fields.next);
    const challenge = fields.challenge ?? '';
    const out = await formOutcome(
      () => this.auth.checkSecondFactor(challenge, fields.code ?? '', req.headers['user-agent']),
      [429],
    );
    if (!out.error) return this.view.logIn(out.ok, req, res, next);
    // An expired challenge starts again at the password.
    if (out.error.status === 401 && out.error.code === 'unauthorized') {
      return this.view.form(req, res, 'login', { next, email: '', error: out.error.message }, 401);
    }
    await this.view.secondStep(
      req,
      res,
      { challenge, next, error: out.error.message },
      out.error.status,
    );
  }
}
