import { Inject, Injectable } from '@nestjs/common';
import { getOptionsToken, ThrottlerStorage } from '@nestjs/throttler';
import { DomainError } from '../common/errors/domain-error';

const MINUTE = 60_000;

/** The rate limits' key maker (rate-limit.module.ts): the installation's scope, the name. */
export type KeyMaker = {
  generateKey: (ctx: unknown, tracker: string, name: string) => string;
};

/**
 * What a client (or an account) may have done a minute: costly anonymous work (a QR code drawn,
 * a text highlighted in another language), tries at a password. Counted in the rate limits'
 * storage (Redis when set), as they arrive; past the budget a 429 `rate_limited`.
 */
@Injectable()
export class ClientBudget {
  constructor(
    @Inject(ThrottlerStorage) private readonly storage: ThrottlerStorage,
    @Inject(getOptionsToken()) private readonly options: KeyMaker,
  ) {}

  /** Spends one of `limit` a minute (or a `windowMs`); 429 past it. */
  async spend(
    what: string,
    client: string,
    limit: number,
    refusal: string,
    windowMs = MINUTE,
  ): Promise<void> {
    const key = this.options.generateKey(undefined, client, what);
    const r = await this.storage.increment(key, windowMs, limit, windowMs, what);
    if (!r.isBlocked) return;
    const wait = Math.max(1, Math.ceil(r.timeToBlockExpire));
    throw new DomainError(429, 'rate_limited', `${refusal}; try again in ${wait} s`, {
      retry_after: wait,
    });
  }
}
