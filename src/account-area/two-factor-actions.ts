import { Injectable } from '@nestjs/common';
import { AccountsService } from '../auth/accounts.service';
import type { AuthenticatedAccount } from '../auth/authenticated-account';
import { TwoFactorService } from '../auth/two-factor/two-factor.service';
import { tk } from '../i18n/i18n';
import { PasswordAttempts } from '../rate-limit/password-attempts';
import { passwordProblem } from './forms/password-problem';
import type { SecurityPageData } from './security-page.view';

type Who = Pick<AuthenticatedAccount, 'id' | 'email'>;

/** What the security page's two-factor buttons do, each answering what the page then shows. */
@Injectable()
export class TwoFactorActions {
  constructor(
    private readonly twoFactor: TwoFactorService,
    private readonly accounts: AccountsService,
    private readonly attempts: PasswordAttempts,
  ) {}

  /** A new secret: the page shows its QR code and asks for a code of it. */
  async begin(a: Who): Promise<SecurityPageData> {
    return { enrolment: await this.twoFactor.begin(a.id, a.email) };
  }

  async confirm(a: Who, code: string, userAgent?: string): Promise<SecurityPageData> {
    const recoveryCodes = await this.twoFactor.confirm(a.id, a.email, code, userAgent);
    const notice = tk('Two-factor codes are on. Keep your recovery codes somewhere safe.');
    return { recoveryCodes, notice };
  }

  async newRecoveryCodes(a: Who, password: string, userAgent?: string) {
    await this.checkPassword(a, password);
    const recoveryCodes = await this.twoFactor.newRecoveryCodes(a.id, userAgent);
    return { recoveryCodes, notice: tk('New recovery codes made; the old ones no longer work.') };
  }

  async disable(a: Who, password: string, userAgent?: string): Promise<SecurityPageData> {
    await this.checkPassword(a, password);
    await this.twoFactor.disable(a.id, { userAgent });
    return { notice: tk('Two-factor codes are off.') };
  }

  private async checkPassword(a: Who, password: string): Promise<void> {
    await this.attempts.attempt(a.email);
    await passwordProblem(() => this.accounts.verifyCredentials(a.email, password));
  }
}
