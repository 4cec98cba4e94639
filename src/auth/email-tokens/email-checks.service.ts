import { Injectable, Logger } from '@nestjs/common';
import { Env } from '../../config/env';
import { Mailer } from '../../mail/mailer';
import { ClientBudget } from '../../rate-limit/client-budget';
import { AccountsService, normalizeEmail } from '../accounts.service';
import { SecurityLog } from '../security-log/security-log.service';
import { EmailTokens } from './email-tokens.service';

const DAY_MS = 86_400_000;

/**
 * AUTH_VERIFY_EMAIL: a new account confirms its address with a mailed link (valid a day) before
 * it may log in; a new link can be asked for (the answer never says whether the address has an
 * account).
 */
@Injectable()
export class EmailChecks {
  private readonly logger = new Logger(EmailChecks.name);

  constructor(
    private readonly accounts: AccountsService,
    private readonly tokens: EmailTokens,
    private readonly mailer: Mailer,
    private readonly budget: ClientBudget,
    private readonly log: SecurityLog,
    private readonly env: Env,
  ) {}

  get required(): boolean {
    return this.env.AUTH_VERIFY_EMAIL;
  }

  /** Mails the account a link that confirms its address. */
  async send(accountId: number): Promise<void> {
    const account = await this.accounts.getById(accountId);
    if (account.emailVerifiedAt) return;
    const secret = await this.tokens.issue(accountId, 'verify', DAY_MS);
    await this.mailer.send({
      to: account.email,
      subject: 'Confirm your email address for Linkdrop',
      text:
        `Welcome! Confirm that ${account.email} is yours to start using your account on ` +
        `${new URL(this.env.PUBLIC_URL).host} (the link works once, for a day):\n\n` +
        `${this.env.PUBLIC_URL}/verify-email?token=${secret}\n\n` +
        `If you did not sign up, ignore this mail.\n`,
    });
  }

  /** A new link to an address not yet confirmed, in the background; throttled like resets. */
  async resend(email: string): Promise<void> {
    const address = normalizeEmail(email);
    if (this.env.AUTH_RESETS_PER_HOUR_PER_ADDRESS > 0) {
      const limit = this.env.AUTH_RESETS_PER_HOUR_PER_ADDRESS;
      await this.budget.spend(
        'verify-address',
        address,
        limit,
        'Too many mails asked for',
        3_600_000,
      );
    }
    setImmediate(() => {
      void this.accounts
        .findByEmail(address)
        .then((a) => (a && !a.emailVerifiedAt ? this.send(a.id) : undefined))
        .catch((e: unknown) => this.logger.warn(`address check mail: ${String(e)}`));
    });
  }

  /** Confirms an address with a link's secret; answers the account, or null for a bad link. */
  async confirm(secret: unknown): Promise<number | null> {
    const accountId = await this.tokens.take(secret, 'verify');
    if (accountId === null) return null;
    await this.accounts.setEmailVerified(accountId);
    await this.log.record(accountId, 'email.verified', { method: 'mail' });
    return accountId;
  }
}
