import { Logger } from '@nestjs/common';
import { Lock, Locker, MemoryLocker, RequestRelease } from '@tus/server';
import { randomUUID } from 'node:crypto';
import type Redis from 'ioredis';
import { RedisService } from '../../redis/redis.service';
import { TusError } from './arrival-hashes';

/** How long a lock outlives an instance that died holding it; renewed at a third of it. */
const TTL_MS = 15_000;
const ASK_AGAIN_MS = 1_000;
const RELEASE_CHANNEL = 'tus-release';

const RELEASE_IF_MINE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end return 0`;
const RENEW_IF_MINE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) end return 0`;

/** The Nest token of tus's locker: this one with Redis, tus's MemoryLocker without. */
export const TUS_LOCKER = 'TUS_LOCKER';

export const uploadLocked = () =>
  new TusError(423, 'The upload is being written by another request; try again');

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });

/**
 * tus's lock of an upload across instances (the S3 store lets any instance take any chunk): a
 * Redis key per upload, taken with SET NX and renewed while held, over the in-process lock.
 * Another instance's request asks the holder to let go on a channel, as tus's MemoryLocker asks
 * within one process: the stale PATCH of a client that gave up stops, and its retry goes on.
 * While Redis is away, the in-process lock alone holds (uploads go on; logged once).
 */
export class SharedTusLocker implements Locker {
  private readonly logger = new Logger('TusLocker');
  private readonly local = new MemoryLocker();
  /** The uploads this instance holds, by id: whom to ask when another instance wants one. */
  readonly held = new Map<string, { token: string; release: RequestRelease }>();
  private warned = false;

  constructor(
    private readonly redis: RedisService,
    /** How long a request waits for a holder that does not let go (tus's own: 30 s). */
    readonly waitMs = 30_000,
  ) {
    redis.subscribe(RELEASE_CHANNEL, (wanted) => void this.held.get(wanted)?.release());
  }

  newLock(id: string): Lock {
    return new SharedTusLock(this, this.local.newLock(id), id);
  }

  keyOf(id: string): Promise<string> {
    return this.redis.scoped(`tus-lock:${id}`);
  }

  get client(): Redis {
    return this.redis.connection!;
  }

  askToRelease(id: string): void {
    void this.redis.publish(RELEASE_CHANNEL, id);
  }

  /** Redis failed: the in-process lock stands alone until it is back. */
  unavailable(e: unknown): void {
    if (this.warned) return;
    this.warned = true;
    this.logger.warn(`Redis unavailable, uploads locked per instance: ${(e as Error).message}`);
    setTimeout(() => (this.warned = false), 60_000).unref();
  }
}

class SharedTusLock implements Lock {
  private readonly token = randomUUID();
  private renewal?: NodeJS.Timeout;
  private key = '';

  constructor(
    private readonly locker: SharedTusLocker,
    private readonly local: Lock,
    private readonly id: string,
  ) {}

  async lock(signal: AbortSignal, release: RequestRelease): Promise<void> {
    await this.local.lock(signal, release);
    try {
      if (await this.acquire(signal)) {
        this.locker.held.set(this.id, { token: this.token, release });
        this.renewal = setInterval(() => void this.renew(release), TTL_MS / 3).unref();
        return;
      }
    } catch (e) {
      this.locker.unavailable(e);
      return;
    }
    await this.local.unlock();
    throw uploadLocked();
  }

  async unlock(): Promise<void> {
    clearInterval(this.renewal);
    if (this.key) {
      if (this.locker.held.get(this.id)?.token === this.token) this.locker.held.delete(this.id);
      await this.locker.client
        .eval(RELEASE_IF_MINE, 1, this.key, this.token)
        .catch((e: unknown) => this.locker.unavailable(e));
    }
    await this.local.unlock();
  }

  /** Waits for the key, asking its holder to let go now and then; false if it never came. */
  private async acquire(signal: AbortSignal): Promise<boolean> {
    const key = await this.locker.keyOf(this.id);
    const until = Date.now() + this.locker.waitMs;
    let asked = 0;
    for (let pause = 10; !signal.aborted && Date.now() < until; pause = Math.min(pause * 2, 200)) {
      if (await this.locker.client.set(key, this.token, 'PX', TTL_MS, 'NX')) {
        this.key = key;
        return true;
      }
      if (Date.now() - asked >= ASK_AGAIN_MS) {
        asked = Date.now();
        this.locker.askToRelease(this.id);
      }
      await sleep(pause, signal);
    }
    return false;
  }

  /** Keeps the key while held; if it was lost (it expired, Redis lost it), stop writing. */
  private async renew(release: RequestRelease): Promise<void> {
    try {
      const kept = await this.locker.client.eval(RENEW_IF_MINE, 1, this.key, this.token, TTL_MS);
      if (kept === 0) await release();
    } catch (e) {
      this.locker.unavailable(e);
    }
  }
}
