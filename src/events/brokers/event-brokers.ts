import { Injectable, OnModuleDestroy } from '@nestjs/common';
import { Env } from '../../config/env';
import type { ClaimedEvent } from '../../outbox/claimed-event';
import { RedisService } from '../../redis/redis.service';
import { AmqpPublisher } from './amqp-publisher';
import { messageOf } from './event-message';

/**
 * The operator's message brokers (as Shlink publishes): RabbitMQ (EVENTS_AMQP_URL) and Redis
 * pub/sub (EVENTS_REDIS_CHANNEL). A batch is published to each before it counts as dispatched;
 * a failure leaves it in the outbox for the next try (at least once: de-duplicate by id).
 */
@Injectable()
export class EventBrokers implements OnModuleDestroy {
  private readonly amqp?: AmqpPublisher;
  private readonly redisChannel?: string;

  constructor(
    env: Env,
    private readonly redis: RedisService,
  ) {
    if (env.EVENTS_AMQP_URL) {
      this.amqp = new AmqpPublisher(env.EVENTS_AMQP_URL, env.EVENTS_AMQP_EXCHANGE);
    }
    if (env.EVENTS_REDIS_CHANNEL && redis.enabled) this.redisChannel = env.EVENTS_REDIS_CHANNEL;
  }

  get any(): boolean {
    return this.amqp !== undefined || this.redisChannel !== undefined;
  }

  async publish(events: ClaimedEvent[]): Promise<void> {
    if (!events.length) return;
    await this.amqp?.publish(events);
    const client = this.redis.connection;
    if (this.redisChannel && client) {
      const pipeline = client.pipeline();
      for (const e of events) pipeline.publish(this.redisChannel, messageOf(e));
      const results = (await pipeline.exec()) ?? [];
      const failed = results.find(([err]) => err)?.[0];
      if (failed) throw failed;
    }
  }

  async onModuleDestroy(): Promise<void> {
    await this.amqp?.close();
  }
}
