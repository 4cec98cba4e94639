import { Inject, Injectable } from '@nestjs/common';
import { getOptionsToken, ThrottlerStorage } from '@nestjs/throttler';
import { DomainError } from '../common/errors/domain-error';
import { Env } from '../config/env';

const MINUTE = 60_000;
/** The rate limits' key maker (rate-limit.module.ts): the installation's scope, the name. */
export type KeyMaker = {
  generateKey: (ctx: unknown, tracker: string, name: string) => string;
};

/**
 * A password tried outside the log-in routes (changing it, YOURLS's username/password mode):
 * counted in the same per-account count as log-in (AUTH_LOGIN_PER_MINUTE_PER_ACCOUNT), before
 * the password is checked, so guesses through any door share one budget.
 */
@Injectable()
export class PasswordAttempts {
  constructor(
    @Inject(ThrottlerStorage) private readonly storage: ThrottlerStorage,
    @Inject(getOptionsToken()) private readonly options: KeyMaker,
    private readonly env: Env,
  ) {}

  /** Counts an attempt at the account's password; 429 `rate_limited` when one too many. */
  async attempt(email: string): Promise<void> {
    const limit = this.env.AUTH_LOGIN_PER_MINUTE_PER_ACCOUNT;
    if (limit === 0) return;
    const name = 'login-account';
    const key = this.options.generateKey(undefined, `email:${email.trim().toLowerCase()}`, name);
    const r = await this.storage.increment(key, MINUTE, limit, MINUTE, name);
    if (!r.isBlocked) return;
    const wait = Math.max(1, Math.ceil(r.timeToBlockExpire));
    throw new DomainError(429, 'rate_limited', `Too many attempts; try again in ${wait} s`, {
      retry_after: wait,
    });
  }
}
