import { Controller, HttpCode, Post, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { AccountsService } from '../auth/accounts.service';
import { Passkeys } from '../auth/passkeys/passkeys.service';
import { SecurityLog } from '../auth/security-log/security-log.service';
import { checkFormToken } from '../auth/sessions/session-cookies';
import { LoginChallenges } from '../auth/two-factor/login-challenges';
import { Public } from '../common/decorators/public.decorator';
import { RawResponse } from '../common/decorators/raw-response.decorator';
import { DomainError } from '../common/errors/domain-error';
import { AuthAttempt } from '../rate-limit/auth-attempt.decorator';
import { safeNext } from './form';
import { formOutcome } from './forms/form-outcome';
import { PasskeySignInForm } from './forms/passkey.forms';
import { PageForm } from './forms/page-query.decorator';
import { FrontDoorView } from './front-door.view';
import { keepCeremony, sendRefusal, takeCeremony } from './passkey-ceremony';

/**
 * Signing in with a passkey (JSON, from app.js on the log-in pages): alone, or as the second
 * step after a password (`challenge`: then only that account's passkeys).
 */
@ApiExcludeController()
@Public()
@RawResponse()
@Controller('login/passkey')
export class PasskeyLoginController {
  constructor(
    private readonly passkeys: Passkeys,
    private readonly challenges: LoginChallenges,
    private readonly accounts: AccountsService,
    private readonly log: SecurityLog,
    private readonly view: FrontDoorView,
  ) {}

  @Post('options')
  @AuthAttempt('code')
  async options(
    @PageForm(PasskeySignInForm) f: PasskeySignInForm,
    @Req() req: Request,
    @Res() res: Response,
  ) {
    checkFormToken(req);
    const out = await formOutcome(async () => {
      const accountId = f.challenge ? await this.challenges.accountOf(f.challenge) : undefined;
      return this.passkeys.authenticationOptions(accountId);
    });
    if (out.error) return sendRefusal(res, out.error);
    keepCeremony(req, res, out.ok.sealed);
    res.json(out.ok.options);
  }

  @Post()
  @HttpCode(200)
  @AuthAttempt('code')
  async signIn(
    @PageForm(PasskeySignInForm) f: PasskeySignInForm,
    @Req() req: Request,
    @Res() res: Response,
  ) {
    checkFormToken(req);
    const sealed = takeCeremony(req, res);
    const out = await formOutcome(async () => {
      if (!f.response) throw new DomainError(400, 'validation_failed', 'response is missing');
      const second = f.challenge ? await this.challenges.accountOf(f.challenge) : undefined;
      const accountId = await this.passkeys.authenticate(sealed, f.response, second);
      const account = await this.accounts.getById(accountId);
      if (account.disabledAt)
        throw new DomainError(403, 'account_disabled', 'This account has been disabled');
      const method = second === undefined ? 'passkey' : 'password+passkey';
      await this.log.record(accountId, 'login', { method, userAgent: req.headers['user-agent'] });
      return accountId;
    });
    if (out.error) return sendRefusal(res, out.error);
    await this.view.startSession(out.ok, req, res);
    res.json({ next: safeNext(f.next) });
  }
}
