import { Injectable } from '@nestjs/common';
import { Env } from '../../config/env';

export interface CachedRedirect {
  linkId: number;
  location: string;
  status: number;
  /** ms since epoch; null: never expires. Past it, the cache hands the request to Nest. */
  expireAtMs: number | null;
}

/**
 * Known, unprotected redirect links by `domainId/slug`, least recently used evicted first.
 * A Map keeps insertion order, so re-inserting on a hit makes it an LRU at O(1).
 */
@Injectable()
export class RedirectCache {
  private readonly entries = new Map<string, CachedRedirect>();
  private readonly max: number;

  constructor(env: Env) {
    this.max = env.REDIRECT_CACHE_SIZE;
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
    }
    return hit;
  }

  set(domainId: number, slug: string, value: CachedRedirect): void {
    if (this.max === 0) return;
    const key = RedirectCache.key(domainId, slug);
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value!);
  }

  invalidate(domainId: number, slug: string): void {
    this.entries.delete(RedirectCache.key(domainId, slug));
  }

  get size(): number {
    return this.entries.size;
  }
}
