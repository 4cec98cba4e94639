import { Injectable, Logger } from '@nestjs/common';
import { DomainError } from '../../common/errors/domain-error';
import { Env } from '../../config/env';
import { Mailer } from '../../mail/mailer';
import { ClientBudget } from '../../rate-limit/client-budget';
import { AccountsService, normalizeEmail } from '../accounts.service';
import { AuthCache } from '../auth-cache';
import { SecurityLog } from '../security-log/security-log.service';
import { WebSessionsService } from '../sessions/web-sessions.service';
import { EmailTokens } from './email-tokens.service';

const HOUR_MS = 3_600_000;

/**
 * "Forgot password": a single-use link, valid an hour, mailed to the account's address. The
 * answer never says whether the address has an account, and takes the same time either way: the
 * lookup and the mail happen after it, in the background.
 */
@Injectable()
export class PasswordResets {
  private readonly logger = new Logger(PasswordResets.name);

  constructor(
    private readonly accounts: AccountsService,
    private readonly tokens: EmailTokens,
    private readonly mailer: Mailer,
    private readonly budget: ClientBudget,
    private readonly sessions: WebSessionsService,
    private readonly cache: AuthCache,
    private readonly log: SecurityLog,
    private readonly env: Env,
  ) {}

  /** Whether this server can mail anything (SMTP_URL). */
  get canMail(): boolean {
    return this.mailer.enabled;
  }

  /** Asks for a reset link to `email`, throttled per IP and per address; never says more. */
  async request(email: string, ip: string): Promise<void> {
    const address = normalizeEmail(email);
    if (!/^[^\s@]+@[^\s@]+$/.test(address) || address.length > 254) {
      throw new DomainError(400, 'validation_failed', 'email must be a valid email address');
    }
    const tooMany = 'Too many password resets asked for';
    if (this.env.AUTH_RESETS_PER_HOUR_PER_IP > 0) {
      await this.budget.spend(
        'reset-ip',
        ip,
        this.env.AUTH_RESETS_PER_HOUR_PER_IP,
        tooMany,
        HOUR_MS,
      );
    }
    if (this.env.AUTH_RESETS_PER_HOUR_PER_ADDRESS > 0) {
      const limit = this.env.AUTH_RESETS_PER_HOUR_PER_ADDRESS;
      await this.budget.spend('reset-address', address, limit, tooMany, HOUR_MS);
    }
    setImmediate(() => {
      this.send(address).catch((e: unknown) => this.logger.warn(`reset mail: ${String(e)}`));
    });
  }

  /** Sets a new password with a link's secret: single use; every browser of the account logs out. */
  async complete(secret: unknown, password: string): Promise<void> {
    if (password.length < 8 || password.length > 200) {
      throw new DomainError(
        400,
        'validation_failed',
        'The new password must be 8 to 200 characters',
      );
    }
    const accountId = await this.tokens.take(secret, 'reset');
    if (accountId === null) {
      throw new DomainError(
        400,
        'validation_failed',
        'This reset link is not valid any more (used, or older than an hour): ask for a new one',
      );
    }
    await this.accounts.changePassword(accountId, password);
    // The mail reached the address: it is the account's, checked.
    await this.accounts.setEmailVerified(accountId);
    await this.sessions.endAllOf(accountId);
    this.cache.forgetAccount(accountId);
    await this.log.record(accountId, 'password.reset', { method: 'mail' });
  }

  private async send(address: string): Promise<void> {
    const account = await this.accounts.findByEmail(address);
    if (!account || account.disabledAt || !this.mailer.enabled) return;
    const secret = await this.tokens.issue(account.id, 'reset', HOUR_MS);
    await this.log.record(account.id, 'password.reset_requested', { method: 'mail' });
    const link = `${this.env.PUBLIC_URL}/reset-password?token=${secret}`;
    await this.mailer.send({
      to: account.email,
      subject: 'Reset your Linkdrop password',
      text:
        `Someone (we hope you) asked to reset the password of ${account.email} on ` +
        `${new URL(this.env.PUBLIC_URL).host}.\n\nChoose a new one here (the link works once, ` +
        `for an hour):\n\n${link}\n\nIf it was not you, ignore this mail: your password stays as it is.\n`,
    });
  }
}
