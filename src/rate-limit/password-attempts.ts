import { Injectable } from '@nestjs/common';
import { Env } from '../config/env';
import { ClientBudget } from './client-budget';

/**
 * A password tried outside the log-in routes (changing it, YOURLS's username/password mode):
 * counted in the same per-account count as log-in (AUTH_LOGIN_PER_MINUTE_PER_ACCOUNT), before
 * the password is checked, so guesses through any door share one budget.
 */
@Injectable()
export class PasswordAttempts {
  constructor(
    private readonly budget: ClientBudget,
    private readonly env: Env,
  ) {}

  /** Counts an attempt at the account's password; 429 `rate_limited` when one too many. */
  async attempt(email: string): Promise<void> {
    const limit = this.env.AUTH_LOGIN_PER_MINUTE_PER_ACCOUNT;
    if (limit === 0) return;
    // The log-in throttler's own name and tracker: one count for both.
    const tracker = `email:${email.trim().toLowerCase()}`;
    await this.budget.spend('login-account', tracker, limit, 'Too many attempts');
  }
}
