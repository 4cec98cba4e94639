import { RedisService } from '../../redis/redis.service';
import { SharedTusLocker } from './shared-tus-locker';

/** A Redis that answers SET NX from a map, or fails every command. */
function fakeRedis(fail = false) {
  const keys = new Map<string, string>();
  const refuse = () => Promise.reject(new Error('Connection is closed.'));
  const client = {
    set: (key: string, value: string) => {
      if (fail) return refuse();
      if (keys.has(key)) return Promise.resolve(null);
      keys.set(key, value);
      return Promise.resolve('OK');
    },
    eval: jest.fn((_script: string, _n: number, key: string, token: string) => {
      if (fail) return refuse();
      if (keys.get(key) !== token) return Promise.resolve(0);
      return Promise.resolve(1);
    }),
  };
  const redis = {
    connection: client,
    subscribe: jest.fn(),
    publish: jest.fn(),
    scoped: (name: string) => Promise.resolve(`linkdrop:inst:${name}`),
  } as unknown as RedisService;
  return { redis, keys, client };
}

const signal = () => new AbortController().signal;

describe('SharedTusLocker', () => {
  afterEach(() => jest.useRealTimers());

  it('should answer 423 when the holder never lets go, after asking it', async () => {
    jest.useFakeTimers();
    const { redis, keys } = fakeRedis();
    keys.set('linkdrop:inst:tus-lock:u1', 'elsewhere');
    const lock = new SharedTusLocker(redis).newLock('u1');
    const taken = lock.lock(signal(), () => undefined);
    const settled = taken.then(
      () => 'locked',
      (e: { status_code: number }) => e.status_code,
    );
    await jest.advanceTimersByTimeAsync(31_000);
    expect(await settled).toBe(423);
    expect(redis.publish).toHaveBeenCalledWith('tus-release', 'u1');
    // The in-process lock was let go with it: the next request here is not stuck behind it.
    keys.clear();
    const next = new SharedTusLocker(redis).newLock('u1');
    await expect(next.lock(signal(), () => undefined)).resolves.toBeUndefined();
  });

  it("should stop the writer when its key is lost, and leave the new holder's key alone", async () => {
    jest.useFakeTimers();
    const { redis, keys } = fakeRedis();
    const release = jest.fn();
    const lock = new SharedTusLocker(redis).newLock('u2');
    await lock.lock(signal(), release);
    keys.set('linkdrop:inst:tus-lock:u2', 'someone-else');
    await jest.advanceTimersByTimeAsync(5_000);
    expect(release).toHaveBeenCalled();
    await lock.unlock();
    expect(keys.get('linkdrop:inst:tus-lock:u2')).toBe('someone-else');
  });

  it('should hold an upload within the instance while Redis is away', async () => {
    const down = fakeRedis(true);
    const locker = new SharedTusLocker(down.redis);
    const first = locker.newLock('u3');
    const asked = jest.fn();
    await first.lock(signal(), asked);
    let second = false;
    const next = locker
      .newLock('u3')
      .lock(signal(), () => undefined)
      .then(() => (second = true));
    await new Promise((r) => setTimeout(r, 20));
    // The holder was asked to let go, and until it does the next request waits.
    expect(asked).toHaveBeenCalled();
    expect(second).toBe(false);
    await first.unlock();
    await next;
    expect(second).toBe(true);
  });
});
