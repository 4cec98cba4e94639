import { Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { Clock } from '../common/clock';
import { Env } from '../config/env';
import { RedisService } from '../redis/redis.service';
import type { TokenAuthRow } from './tokens.repository';

interface Entry {
  /** Shared by every request that asks while it is read: one query for a burst. */
  row: Promise<TokenAuthRow | null>;
  untilMs: number;
  /** Known once the row has come back. */
  accountId?: number;
}

const CHANNEL = 'auth-cache:forget';
/** Tokens in use at once on one instance; past it the least recently used goes. */
const MAX_ENTRIES = 10_000;

/**
 * The guard's token rows for a moment (`AUTH_CACHE_SECONDS`), so a busy client costs one query a
 * second instead of one a request. What the rows hold changes rarely (the plan, a revocation, a
 * disabled account): each such change forgets the account here at once and, with Redis, on every
 * other instance; the TTL bounds what a lost message or another process (the CLI) costs. Expiry
 * of a token or a plan is checked on every request against the cached times. Stored bytes are not
 * in the row: they change with every upload, so uploads and `/usage` read them fresh.
 */
@Injectable()
export class AuthCache {
  private readonly entries = new LRUCache<string, Entry>({ max: MAX_ENTRIES });
  private readonly ttlMs: number;

  constructor(
    env: Env,
    private readonly redis: RedisService,
    private readonly clock: Clock,
  ) {
    this.ttlMs = env.AUTH_CACHE_SECONDS * 1000;
    redis.subscribe(CHANNEL, (id) => this.forgetHere(Number(id)));
  }

  /** The row of a token hash, from the cache or from `load`. Unknown tokens are not kept. */
  get(hash: string, load: () => Promise<TokenAuthRow | null>): Promise<TokenAuthRow | null> {
    if (this.ttlMs === 0) return load();
    const now = this.clock.now();
    const hit = this.entries.get(hash);
    if (hit && hit.untilMs > now) return hit.row;
    const entry: Entry = { row: load(), untilMs: now + this.ttlMs };
    this.entries.set(hash, entry);
    entry.row.then(
      (row) => (row ? (entry.accountId = row.accountId) : this.drop(hash, entry)),
      () => this.drop(hash, entry),
    );
    return entry.row;
  }

  /** After a change to what an account's rows hold: here at once, elsewhere through Redis. */
  forgetAccount(accountId: number): void {
    this.forgetHere(accountId);
    void this.redis.publish(CHANNEL, String(accountId));
  }

  /** Also drops rows still being read: they may have been read before the change. */
  private forgetHere(accountId: number): void {
    const gone = [...this.entries.entries()].filter(
      ([, entry]) => entry.accountId === undefined || entry.accountId === accountId,
    );
    for (const [hash] of gone) this.entries.delete(hash);
  }

  private drop(hash: string, entry: Entry): void {
    if (this.entries.peek(hash) === entry) this.entries.delete(hash);
  }
}
