import { Env } from '../../config/env';
import { RedirectCache } from './redirect-cache';

const entry = (linkId: number) => ({
  linkId,
  location: `https://x/${linkId}`,
  status: 302,
  expireAtMs: null,
});
const cacheOf = (size: number) => new RedirectCache({ REDIRECT_CACHE_SIZE: size } as Env);

describe('RedirectCache', () => {
  it('should evict the least recently used entry when full', () => {
    const cache = cacheOf(2);
    cache.set(1, 'a', entry(1));
    cache.set(1, 'b', entry(2));
    cache.get(1, 'a'); // a is now the most recent
    cache.set(1, 'c', entry(3));
    expect(cache.get(1, 'b')).toBeUndefined();
    expect(cache.get(1, 'a')?.linkId).toBe(1);
    expect(cache.get(1, 'c')?.linkId).toBe(3);
    expect(cache.size).toBe(2);
  });

  it('should keep the same slug on two domains apart', () => {
    const cache = cacheOf(10);
    cache.set(1, 's', entry(1));
    cache.set(2, 's', entry(2));
    cache.invalidate(1, 's');
    expect(cache.get(1, 's')).toBeUndefined();
    expect(cache.get(2, 's')?.linkId).toBe(2);
  });

  it('should keep nothing when its size is 0', () => {
    const cache = cacheOf(0);
    cache.set(1, 'a', entry(1));
    expect(cache.get(1, 'a')).toBeUndefined();
  });
});
