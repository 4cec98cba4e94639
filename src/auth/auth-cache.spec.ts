import { Clock } from '../common/clock';
import { Env } from '../config/env';
import { RedisService } from '../redis/redis.service';
import { AuthCache } from './auth-cache';
import type { TokenAuthRow } from './tokens.repository';

class FakeClock extends Clock {
  t = 1_000_000;
  override now(): number {
    return this.t;
  }
}

/** Redis as the cache sees it: what it published, and a way to deliver a message. */
class FakeRedis {
  published: [string, string][] = [];
  onMessage: (m: string) => void = () => undefined;
  publish(channel: string, message: string) {
    this.published.push([channel, message]);
    return Promise.resolve();
  }
  subscribe(_channel: string, onMessage: (m: string) => void) {
    this.onMessage = onMessage;
  }
}

const row = (accountId: number) => ({ accountId, tokenId: accountId * 10 }) as TokenAuthRow;

describe('AuthCache', () => {
  let clock: FakeClock;
  let redis: FakeRedis;
  let cache: AuthCache;
  let loads: number;
  const loader = (accountId: number | null) => () => {
    loads++;
    return Promise.resolve(accountId === null ? null : row(accountId));
  };

  beforeEach(() => {
    clock = new FakeClock();
    redis = new FakeRedis();
    loads = 0;
    const env = Object.assign(new Env(), { AUTH_CACHE_SECONDS: 1 });
    cache = new AuthCache(env, redis as unknown as RedisService, clock);
  });

  it('should read a token once for its TTL, then again', async () => {
    expect(await cache.get('h', loader(1))).toEqual(row(1));
    expect(await cache.get('h', loader(1))).toEqual(row(1));
    clock.t += 999;
    await cache.get('h', loader(1));
    expect(loads).toBe(1);
    clock.t += 1;
    await cache.get('h', loader(1));
    expect(loads).toBe(2);
  });

  it('should share one read among the requests that ask while it runs', async () => {
    const [x, y] = await Promise.all([cache.get('h', loader(1)), cache.get('h', loader(1))]);
    expect(x).toBe(y);
    expect(loads).toBe(1);
  });

  it('should not keep an unknown token, nor a failed read', async () => {
    expect(await cache.get('h', loader(null))).toBeNull();
    await expect(cache.get('h', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('h', loader(1))).toEqual(row(1));
    expect(loads).toBe(2);
  });

  it("should forget an account's rows here and tell the other instances", async () => {
    await cache.get('a1', loader(1));
    await cache.get('a2', loader(1));
    await cache.get('b', loader(2));
    cache.forgetAccount(1);
    expect(redis.published).toEqual([['auth-cache:forget', '1']]);
    await cache.get('a1', loader(1));
    await cache.get('a2', loader(1));
    await cache.get('b', loader(2));
    expect(loads).toBe(5);
  });

  it('should forget what another instance says changed, and rows still being read', async () => {
    await cache.get('a', loader(1));
    let finish: (r: TokenAuthRow) => void = () => undefined;
    const pending = cache.get('b', () => new Promise<TokenAuthRow>((r) => (finish = r)));
    redis.onMessage('1');
    finish(row(2));
    await pending;
    await cache.get('a', loader(1));
    await cache.get('b', loader(2));
    expect(loads).toBe(3);
  });

  it('should read every time when off', async () => {
    const env = Object.assign(new Env(), { AUTH_CACHE_SECONDS: 0 });
    cache = new AuthCache(env, redis as unknown as RedisService, clock);
    await cache.get('h', loader(1));
    await cache.get('h', loader(1));
    expect(loads).toBe(2);
  });
});
