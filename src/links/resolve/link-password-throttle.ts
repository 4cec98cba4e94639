import { Inject, Injectable } from '@nestjs/common';
import { getOptionsToken, ThrottlerStorage } from '@nestjs/throttler';
import type { KeyMaker } from '../../rate-limit/client-budget';

const MAX_ATTEMPTS = 5;
const WINDOW_MS = 15 * 60 * 1000;

/**
 * Link password attempts per client and link: five in fifteen minutes, then 429 until the window
 * ends. Counted in the rate limits' storage (Redis when configured, so it holds across
 * instances), and before the password is checked, so attempts sent all at once are counted as
 * they arrive.
 */
@Injectable()
export class LinkPasswordThrottle {
  constructor(
    @Inject(ThrottlerStorage) private readonly storage: ThrottlerStorage,
    // The rate limits' keys carry the installation's id in a shared Redis: link ids do not.
    @Inject(getOptionsToken()) private readonly options: KeyMaker,
  ) {}

  /** Counts an attempt: the seconds to wait when it is one too many, else 0. */
  async attempt(ip: string, linkId: number): Promise<number> {
    const { isBlocked, timeToBlockExpire } = await this.storage.increment(
      this.options.generateKey(undefined, `${linkId}:${ip}`, 'link-password'),
      WINDOW_MS,
      MAX_ATTEMPTS,
      WINDOW_MS,
      'link-password',
    );
    return isBlocked ? Math.max(1, Math.ceil(timeToBlockExpire)) : 0;
  }
}
