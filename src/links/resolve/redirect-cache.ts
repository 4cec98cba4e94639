import { Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { Clock } from '../../common/clock';
import { Env } from '../../config/env';
import { RedisService } from '../../redis/redis.service';
import { Link, LinkKind } from '../link.entity';
import type { LinkUtm } from '../rules/rule-types';
import { compileRedirect, CompiledRedirect } from './visit-routing';

export interface CachedRedirect extends CompiledRedirect {
  linkId: number;
  /** The link's owner, for its visits. */
  accountId: number;
  status: number;
  /** The link's UTM fields, for its visits' stats. */
  utm: LinkUtm | null;
  /** ms since epoch: the link's expiry or the cache TTL, whichever comes first. Past it, the
   *  fast path hands the request to Nest, which looks again. */
  validUntilMs: number;
}

/** What the cache keeps while its link is read again (refresh-ahead). */
interface Entry extends CachedRedirect {
  /** When the link was last read from the database. */
  readAtMs: number;
  /** Served since then: only such entries are worth reading again before they lapse. */
  used: boolean;
}

/** An entry due to be read again, as `due` found it. */
export interface DueEntry {
  domainId: number;
  slug: string;
  entry: CachedRedirect;
}

/**
 * What the cache keeps of a link, or null when a visit to it must go through the framework. Its
 * rules are compiled here, once per cached link: a visit only runs them.
 */
export function cacheableRedirect(
  link: Link,
  now: number,
): Omit<CachedRedirect, 'validUntilMs'> | null {
  if (link.kind !== 'redirect' || !link.targetUrl || link.passwordHash || link.blockedReason) {
    return null;
  }
  // A visit limit is counted in the database, visit by visit.
  if (link.maxVisits !== null) return null;
  if (link.expireAt && link.expireAt.getTime() <= now) return null;
  return {
    linkId: link.id,
    accountId: link.accountId,
    status: link.redirectCode,
    utm: link.utm,
    ...compileRedirect(link),
  };
}

const CHANNEL = 'redirect-cache:invalidate';

/** An address nothing holds, as the cache keeps it: answered 404 without the database. */
export const MISSING_STATUS = 404;
/** An address held by a share the fast path does not serve (a page, a password): the framework's. */
export const HELD_STATUS = 0;
/** An address whose share has expired (with no expiry redirect): answered 410 without the database. */
export const GONE_STATUS = 410;

/** What is known of an address no link entry holds. */
export interface Mark {
  status: number;
  /** GONE_STATUS: the share's kind (its page says "This text has expired"...). */
  kind?: LinkKind;
}
const MAX_MARKS = 20_000;

/**
 * Known, unprotected redirect links by `domainId/slug`, least recently used evicted first; and,
 * apart, marks of addresses known to hold nothing (a flood of random slugs costs what a hit
 * does) or a share only the framework serves. Creating a share at an address invalidates it, as
 * changing one does.
 * Both are `lru-cache`s: a Map re-inserted on each use was an LRU whose eviction
 * (`keys().next()`) walked every deleted slot before the oldest live one, ~22 µs an eviction at
 * 20,000 marks, most of what an address never seen before cost.
 * With Redis, an invalidation reaches every instance; the TTL bounds what a lost message costs.
 */
@Injectable()
export class RedirectCache {
  private readonly entries: LRUCache<string, Entry>;
  private readonly marks = new LRUCache<string, Mark & { validUntilMs: number }>({
    max: MAX_MARKS,
  });
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
    // At least one (lru-cache's rule); with a size of 0 nothing is ever set.
    this.entries = new LRUCache({ max: Math.max(1, this.max) });
    this.ttlMs = env.REDIRECT_CACHE_TTL_SECONDS * 1000;
    redis.subscribe(CHANNEL, (key) => this.forget(key));
  }

  static key(domainId: number, slug: string): string {
    return `${domainId}/${slug}`;
  }

  get(domainId: number, slug: string): CachedRedirect | undefined {
    const key = RedirectCache.key(domainId, slug);
    const hit = this.entries.get(key);
    if (hit) {
      hit.used = true;
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
    const readAtMs = this.clock.now();
    const ttlEnd = readAtMs + this.ttlMs;
    const validUntilMs = expireAt ? Math.min(expireAt.getTime(), ttlEnd) : ttlEnd;
    this.marks.delete(key); // the link's entry says more than a mark
    this.entries.set(key, { ...value, validUntilMs, readAtMs, used: false });
  }

  /** The address holds no share (a slug of the allowed pattern only: it is the path as sent). */
  setMissing(domainId: number, slug: string): void {
    this.setMark(domainId, slug, MISSING_STATUS);
  }

  /** The address holds a share the framework serves: the fast path hands it over at once. */
  setHeld(domainId: number, slug: string): void {
    this.setMark(domainId, slug, HELD_STATUS);
  }

  /** The address holds a share past its expiry, with no expiry redirect: it answers 410. */
  setGone(domainId: number, slug: string, kind: LinkKind): void {
    this.entries.delete(RedirectCache.key(domainId, slug)); // its redirect, cached until expiry
    this.setMark(domainId, slug, GONE_STATUS, kind);
  }

  /** What is known of an address no link entry holds: MISSING, HELD, GONE, or nothing. */
  mark(domainId: number, slug: string): Mark | undefined {
    // Not a use: a mark goes when it is the oldest set, however often it is read.
    const mark = this.marks.peek(RedirectCache.key(domainId, slug));
    return mark && mark.validUntilMs > this.clock.now() ? mark : undefined;
  }

  /** Whether the address is known to hold nothing now (the framework's path asks too). */
  isMissing(domainId: number, slug: string): boolean {
    return this.mark(domainId, slug)?.status === MISSING_STATUS;
  }

  /**
   * Marks live apart from the links, in a map of their own: a flood of random slugs fills that
   * one, and never pushes a link in use out of the cache.
   */
  private setMark(domainId: number, slug: string, status: number, kind?: LinkKind): void {
    if (this.max === 0) return;
    const key = RedirectCache.key(domainId, slug);
    // As long as a link's entry: a creation there invalidates it at once, as a change does.
    this.marks.set(key, { status, kind, validUntilMs: this.clock.now() + this.ttlMs });
  }

  /**
   * Here at once, and on every other instance through Redis when it is configured. Settles once
   * Redis has passed the message on: a creation awaits it before it answers, so a visit its
   * client makes next, on another instance, finds the address's 404 mark gone.
   */
  invalidate(domainId: number, slug: string): Promise<void> {
    const key = RedirectCache.key(domainId, slug);
    this.forget(key);
    return this.redis.publish(CHANNEL, key);
  }

  private forget(key: string): void {
    this.entries.delete(key);
    this.marks.delete(key);
  }

  /**
   * Entries served since they were read and past half their TTL (not ones that end sooner with
   * their link's expiry): read again in time, a link in use never has to go through the
   * framework again, and no burst of such trips follows a minute after a busy start.
   */
  due(): DueEntry[] {
    const halfway = this.clock.now() - this.ttlMs / 2;
    const due: DueEntry[] = [];
    // Least recently used first.
    this.entries.rforEach((entry, key) => {
      if (!entry.used || entry.readAtMs > halfway) return;
      if (entry.validUntilMs !== entry.readAtMs + this.ttlMs) return;
      const slash = key.indexOf('/');
      due.push({ domainId: Number(key.slice(0, slash)), slug: key.slice(slash + 1), entry });
    });
    return due;
  }

  /**
   * What the database now says of a due entry's link (null: no longer cacheable there). An
   * entry invalidated or replaced meanwhile is left alone: the answer may predate that change.
   */
  renew(due: DueEntry, value: Omit<CachedRedirect, 'validUntilMs'> | null, expireAt: Date | null) {
    const key = RedirectCache.key(due.domainId, due.slug);
    if (this.entries.peek(key) !== due.entry) return;
    if (value) this.set(due.domainId, due.slug, value, expireAt);
    else this.entries.delete(key);
  }

  get size(): number {
    return this.entries.size;
  }
}
