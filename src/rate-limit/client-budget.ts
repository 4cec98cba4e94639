import { Inject, Injectable } from '@nestjs/common';
import { getOptionsToken, ThrottlerStorage } from '@nestjs/throttler';
import { DomainError } from '../common/errors/domain-error';
import type { KeyMaker } from './password-attempts';

const MINUTE = 60_000;

/**
 * Costly work an anonymous client may have done for it a minute (a QR code drawn, a text
 * highlighted in another language): counted in the rate limits' storage (Redis when set), past
 * the budget a 429 `rate_limited`. What is served from a cache costs nothing and is not counted.
 */
@Injectable()
export class ClientBudget {
  constructor(
    @Inject(ThrottlerStorage) private readonly storage: ThrottlerStorage,
    @Inject(getOptionsToken()) private readonly options: KeyMaker,
  ) {}

  async spend(what: string, client: string, perMinute: number, refusal: string): Promise<void> {
    const key = this.options.generateKey(undefined, client, what);
    const r = await this.storage.increment(key, MINUTE, perMinute, MINUTE, what);
    if (!r.isBlocked) return;
    const wait = Math.max(1, Math.ceil(r.timeToBlockExpire));
    throw new DomainError(429, 'rate_limited', `${refusal}; try again in ${wait} s`, {
      retry_after: wait,
    });
  }
}
