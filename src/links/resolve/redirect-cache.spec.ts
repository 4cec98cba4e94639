import { Clock } from '../../common/clock';
import { Env } from '../../config/env';
import { RedisService } from '../../redis/redis.service';
import { RedirectCache } from './redirect-cache';

const entry = (linkId: number) => ({
  linkId,
  accountId: 1,
  location: `https://x/${linkId}`,
  routing: null,
  utm: null,
  status: 302,
});
const published: string[] = [];
const redis = {
  subscribe: () => undefined,
  publish: (_: string, key: string) => {
    published.push(key);
    return Promise.resolve();
  },
} as unknown as RedisService;
const cacheOf = (size: number) =>
  new RedirectCache(
    { REDIRECT_CACHE_SIZE: size, REDIRECT_CACHE_TTL_SECONDS: 60 } as Env,
    redis,
    new Clock(),
  );

describe('RedirectCache', () => {
  it('should evict the least recently used entry when full', () => {
    const cache = cacheOf(2);
    cache.set(1, 'a', entry(1), null);
    cache.set(1, 'b', entry(2), null);
    cache.get(1, 'a'); // a is now the most recent
    cache.set(1, 'c', entry(3), null);
    expect(cache.get(1, 'b')).toBeUndefined();
    expect(cache.get(1, 'a')?.linkId).toBe(1);
    expect(cache.get(1, 'c')?.linkId).toBe(3);
    expect(cache.size).toBe(2);
  });

  it('should forget the mark set longest ago past 20,000, however often it was read', () => {
    const cache = cacheOf(10);
    cache.setMissing(1, 'first');
    cache.setMissing(1, 'second');
    for (let i = 0; i < 19_998; i++) cache.setMissing(1, `m${i}`);
    expect(cache.isMissing(1, 'first')).toBe(true); // read: still the oldest set
    cache.setHeld(1, 'second'); // set again: now the newest
    cache.setMissing(1, 'one more');
    expect(cache.isMissing(1, 'first')).toBe(false);
    expect(cache.mark(1, 'second')).toMatchObject({ status: 0 });
    expect(cache.isMissing(1, 'm0')).toBe(true);
    cache.setMissing(1, 'and another');
    expect(cache.isMissing(1, 'm0')).toBe(false);
  });

  it('should keep the same slug on two domains apart', () => {
    const cache = cacheOf(10);
    cache.set(1, 's', entry(1), null);
    cache.set(2, 's', entry(2), null);
    void cache.invalidate(1, 's');
    expect(cache.get(1, 's')).toBeUndefined();
    expect(cache.get(2, 's')?.linkId).toBe(2);
  });

  it('should trust an entry until the link expires or the TTL ends, whichever is first', () => {
    const cache = cacheOf(10);
    const soon = new Date(Date.now() + 5000);
    cache.set(1, 'e', entry(1), soon);
    expect(cache.get(1, 'e')?.validUntilMs).toBe(soon.getTime());
    cache.set(1, 'f', entry(2), new Date(Date.now() + 3_600_000));
    expect(cache.get(1, 'f')!.validUntilMs).toBeLessThanOrEqual(Date.now() + 60_000);
  });

  it('should tell the other instances about an invalidation', async () => {
    await cacheOf(10).invalidate(7, 'gone');
    expect(published).toContain('7/gone');
  });

  it('should settle an invalidation only once Redis has answered, forgetting here at once', async () => {
    let answer = () => undefined as void;
    const slow = {
      subscribe: () => undefined,
      publish: () => new Promise<void>((r) => (answer = r)),
    } as unknown as RedisService;
    const cache = new RedirectCache(
      { REDIRECT_CACHE_SIZE: 10, REDIRECT_CACHE_TTL_SECONDS: 60 } as Env,
      slow,
      new Clock(),
    );
    cache.setMissing(1, 'made');
    let settled = false;
    const done = cache.invalidate(1, 'made').then(() => (settled = true));
    expect(cache.isMissing(1, 'made')).toBe(false);
    await new Promise((r) => setImmediate(r));
    expect(settled).toBe(false);
    answer();
    await done;
    expect(settled).toBe(true);
  });

  it('should keep nothing when its size is 0', () => {
    const cache = cacheOf(0);
    cache.set(1, 'a', entry(1), null);
    expect(cache.get(1, 'a')).toBeUndefined();
  });

  describe('refresh-ahead', () => {
    let now = 0;
    const clock = { now: () => now };
    const cache = () =>
      new RedirectCache(
        { REDIRECT_CACHE_SIZE: 10, REDIRECT_CACHE_TTL_SECONDS: 60 } as Env,
        redis,
        clock,
      );
    beforeEach(() => (now = 1_000_000));

    it('should find the entries served since read, once past half their TTL', () => {
      const c = cache();
      c.set(1, 'used', entry(1), null);
      c.set(1, 'idle', entry(2), null);
      c.set(1, 'ends', entry(3), new Date(now + 40_000)); // its link expires before the TTL
      for (const slug of ['used', 'ends']) c.get(1, slug);
      now += 29_000;
      expect(c.due()).toEqual([]);
      now += 2_000;
      expect(c.due().map((d) => [d.domainId, d.slug, d.entry.linkId])).toEqual([[1, 'used', 1]]);
    });

    it('should renew an entry with what was read, or drop it', () => {
      const c = cache();
      c.set(2, 'a/b', entry(1), null);
      c.set(2, 'c', entry(2), null);
      c.get(2, 'a/b');
      c.get(2, 'c');
      now += 31_000;
      const [ab, cc] = c.due();
      expect([ab.slug, cc.slug]).toEqual(['a/b', 'c']);
      c.renew(ab, { ...entry(1), location: 'https://x/new' }, null);
      c.renew(cc, null, null);
      expect(c.get(2, 'a/b')).toMatchObject({
        location: 'https://x/new',
        validUntilMs: now + 60_000,
      });
      expect(c.get(2, 'c')).toBeUndefined();
      expect(c.due()).toEqual([]); // read just now
    });

    it('should leave alone an entry invalidated or replaced while its link was read', () => {
      const c = cache();
      c.set(1, 'x', entry(1), null);
      c.set(1, 'y', entry(2), null);
      c.get(1, 'x');
      c.get(1, 'y');
      now += 31_000;
      const [x, y] = c.due();
      void c.invalidate(1, 'x');
      c.set(1, 'y', { ...entry(2), location: 'https://x/newer' }, null);
      c.renew(x, entry(1), null);
      c.renew(y, { ...entry(2), location: 'https://x/older' }, null);
      expect(c.get(1, 'x')).toBeUndefined();
      expect(c.get(1, 'y')?.location).toBe('https://x/newer');
    });
  });
});
