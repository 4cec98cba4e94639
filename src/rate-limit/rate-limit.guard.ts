import { ExecutionContext, Injectable } from '@nestjs/common';
import { ThrottlerGuard, ThrottlerLimitDetail } from '@nestjs/throttler';
import { DomainError } from '../common/errors/domain-error';

/**
 * @nestjs/throttler's guard with our answers: `RateLimit-Limit|Remaining|Reset` headers, and a
 * 429 in the envelope (`rate_limited`, `Retry-After`).
 */
@Injectable()
export class RateLimitGuard extends ThrottlerGuard {
  protected override headerPrefix = 'RateLimit';

  protected override throwThrottlingException(
    _ctx: ExecutionContext,
    detail: ThrottlerLimitDetail,
  ): Promise<void> {
    const wait = Math.max(1, Math.ceil(detail.timeToBlockExpire));
    throw new DomainError(429, 'rate_limited', `Too many requests; try again in ${wait} s`, {
      retry_after: wait,
    });
  }
}
