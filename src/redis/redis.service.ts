import { Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import Redis from 'ioredis';
import { Env } from '../config/env';
import { Installation } from '../database/installation';

/** The longest a publisher waits for Redis's answer to a PUBLISH. */
const PUBLISH_WAIT_MS = 500;

/**
 * The optional Redis connection (REDIS_URL). Without it every caller falls back to what works
 * on one instance; with it, instances share cache invalidations. Commands fail fast while Redis
 * is away instead of queueing, so a Redis outage never stalls a request.
 */
@Injectable()
export class RedisService implements OnModuleDestroy {
  private readonly logger = new Logger('Redis');
  private readonly client: Redis | null;
  private subscriber: Redis | null = null;
  private readonly channels = new Set<string>();
  private lastError = '';
  private closed = false;

  constructor(
    env: Env,
    private readonly installation: Installation,
  ) {
    this.client = env.REDIS_URL
      ? this.watch(
          new Redis(env.REDIS_URL, {
            enableOfflineQueue: false,
            maxRetriesPerRequest: 1,
            retryStrategy: (times) => Math.min(times * 200, 2000),
          }),
        )
      : null;
  }

  get enabled(): boolean {
    return this.client !== null;
  }

  /** The shared connection, for libraries that speak Redis themselves (rate limits). */
  get connection(): Redis | null {
    return this.client;
  }

  /** PONG within the timeout; a connection still being made gets that long to come up. */
  async ping(timeoutMs = 1000): Promise<boolean> {
    const client = this.client;
    if (!client) return false;
    const timeout = new Promise<boolean>((r) => setTimeout(() => r(false), timeoutMs).unref());
    const ready =
      client.status === 'ready'
        ? Promise.resolve()
        : new Promise<void>((r) => client.once('ready', () => r()));
    const pong = ready
      .then(() => client.ping())
      .then(
        (p) => p === 'PONG',
        () => false,
      );
    return Promise.race([pong, timeout]);
  }

  /**
   * Never fails: a lost message only means a cache entry lives until its TTL. Settles once Redis
   * has answered (so the message is on its way to every subscriber) or after PUBLISH_WAIT_MS: a
   * caller that awaits it before answering its client (a link just created) is not answered
   * before the other instances can know, and is never held up long by a slow Redis.
   */
  publish(channel: string, message: string): Promise<void> {
    const client = this.client;
    if (!client) return Promise.resolve();
    const sent = this.scoped(channel)
      .then((ch) => client.publish(ch, message))
      .then(
        () => undefined,
        (e: Error) => this.logError(e),
      );
    let timer: NodeJS.Timeout | undefined;
    const bound = new Promise<void>((r) => (timer = setTimeout(r, PUBLISH_WAIT_MS)));
    return Promise.race([sent, bound]).finally(() => clearTimeout(timer));
  }

  /** Subscriptions survive reconnects (ioredis re-subscribes). */
  subscribe(channel: string, onMessage: (message: string) => void): void {
    if (!this.client) return;
    this.scoped(channel)
      .then((ch) => this.subscribeTo(ch, onMessage))
      .catch((e: Error) => this.logError(e));
  }

  /**
   * A channel or key of the installation's own (its id is kept in the database): instances
   * sharing a database share it, and another installation on the same Redis never meets it.
   */
  async scoped(name: string): Promise<string> {
    return `linkdrop:${await this.installation.idOf()}:${name}`;
  }

  private subscribeTo(channel: string, onMessage: (message: string) => void): void {
    if (!this.client || this.closed) return;
    if (!this.subscriber) {
      // A subscribed connection can do nothing else. Channels are subscribed once it is ready:
      // two SUBSCRIBEs queued before that made ioredis refuse the first ("subscriber mode").
      const subscriber = this.client.duplicate({ enableOfflineQueue: true });
      this.subscriber = this.watch(subscriber);
      subscriber.once('ready', () => {
        if (this.channels.size === 0) return;
        void subscriber.subscribe(...this.channels).catch((e: Error) => this.logError(e));
      });
    }
    this.channels.add(channel);
    if (this.subscriber.status === 'ready') {
      void this.subscriber.subscribe(channel).catch((e: Error) => this.logError(e));
    }
    this.subscriber.on('message', (ch: string, message: string) => {
      if (ch === channel) onMessage(message);
    });
  }

  onModuleDestroy(): void {
    this.closed = true;
    for (const c of [this.subscriber, this.client]) c?.disconnect();
  }

  private watch(client: Redis): Redis {
    client.on('error', (e: Error) => this.logError(e));
    client.on('ready', () => (this.lastError = ''));
    return client;
  }

  // One line per distinct error, not one per reconnect attempt.
  private logError(e: Error): void {
    if (e.message === this.lastError) return;
    this.lastError = e.message;
    this.logger.warn(`Redis: ${e.message}`);
  }
}
