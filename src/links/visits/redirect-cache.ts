import { Injectable } from '@nestjs/common';
import { Clock } from '../../common/clock';
import { Env } from '../../config/env';
import { RedisService } from '../../redis/redis.service';

export interface CachedRedirect {
  linkId: number;
  /** The link's owner, for its visits. */
  accountId: number;
  location: string;
  status: number;
  /** ms since epoch: the link's expiry or the cache TTL, whichever comes first. Past it, the
   *  fast path hands the request to Nest, which looks again. */
  validUntilMs: number;
}

const CHANNEL = 'linkdrop:redirect-cache:invalidate';

/**
 * Known, unprotected redirect links by `domainId/slug`, least recently used evicted first.
 * A Map keeps insertion order, so re-inserting on a hit makes it an LRU at O(1).
 * With Redis, an invalidation reaches every instance; the TTL bounds what a lost message costs.
 */
@Injectable()
export class RedirectCache {
  private readonly entries = new Map<string, CachedRedirect>();
  private readonly max: number;
  readonly ttlMs: number;
  /** Look-ups since start, for the metrics' hit ratio. */
  hits = 0;
  misses = 0;

  constructor(
    env: Env,
    private readonly redis: RedisService,
    private readonly clock: Clock,
  ) {
    this.max = env.REDIRECT_CACHE_SIZE;
    this.ttlMs = env.REDIRECT_CACHE_TTL_SECONDS * 1000;
    redis.subscribe(CHANNEL, (key) => this.entries.delete(key));
  }

  static key(domainId: number, slug: string): string {
    return `${domainId}/${slug}`;
  }

  get(domainId: number, slug: string): CachedRedirect | undefined {
    const key = RedirectCache.key(domainId, slug);
    const hit = this.entries.get(key);
    if (hit) {
      this.entries.delete(key);
      this.entries.set(key, hit);
      this.hits++;
    } else {
      this.misses++;
    }
    return hit;
  }

  set(
    domainId: number,
    slug: string,
    value: Omit<CachedRedirect, 'validUntilMs'>,
    expireAt: Date | null,
  ) {
    if (this.max === 0) return;
    const key = RedirectCache.key(domainId, slug);
    const ttlEnd = this.clock.now() + this.ttlMs;
    const validUntilMs = expireAt ? Math.min(expireAt.getTime(), ttlEnd) : ttlEnd;
    this.entries.delete(key);
    this.entries.set(key, { ...value, validUntilMs });
    if (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value!);
  }

  /** Here at once, and on every other instance through Redis when it is configured. */
  invalidate(domainId: number, slug: string): void {
    const key = RedirectCache.key(domainId, slug);
    this.entries.delete(key);
    this.redis.publish(CHANNEL, key);
  }

  get size(): number {
    return this.entries.size;
  }
}
