import { randomBytes } from 'node:crypto';
import { connect, ConsumeMessage } from 'amqplib';
import Redis from 'ioredis';
import { EventDispatcher } from '../../../src/events/dispatch/event-dispatcher';
import { EventHistory } from '../../../src/outbox/event-history';
import { createAccount } from '../../factories/account.factory';
import { createTestApp, TestApp } from '../../utils/create-test-app';
import { until } from '../../utils/until';

// RabbitMQ and Redis on the machine (.ci/run starts them): TEST_AMQP_URL, TEST_REDIS_URL.
const amqpUrl = process.env.TEST_AMQP_URL;
const redisUrl = process.env.TEST_REDIS_URL;

(amqpUrl && redisUrl ? describe : describe.skip)('Events to RabbitMQ and Redis', () => {
  let t: TestApp;
  const exchange = `linkdrop.test.${randomBytes(4).toString('hex')}`;
  const channelName = `linkdrop-test-${randomBytes(4).toString('hex')}`;
  beforeAll(async () => {
    t = await createTestApp({
      EVENTS_AMQP_URL: amqpUrl!,
      EVENTS_AMQP_EXCHANGE: exchange,
      REDIS_URL: redisUrl!,
      EVENTS_REDIS_CHANNEL: channelName,
    });
  });
  afterAll(() => t.close());

  it('should publish every event to the topic exchange, keyed by type, and on the Redis channel', async () => {
    // A consumer of the operator's: its own queue bound to every key of the exchange.
    const connection = await connect(amqpUrl!);
    const channel = await connection.createChannel();
    await channel.assertExchange(exchange, 'topic', { durable: true });
    const { queue } = await channel.assertQueue('', { exclusive: true });
    await channel.bindQueue(queue, exchange, '#');
    const got: ConsumeMessage[] = [];
    await channel.consume(queue, (m) => m && got.push(m), { noAck: true });
    const subscriber = new Redis(redisUrl!);
    const heard: string[] = [];
    await subscriber.subscribe(channelName);
    subscriber.on('message', (_, message: string) => heard.push(message));

    const a = await createAccount(t);
    const made = await t
      .api()
      .post('/api/v1/shorten')
      .set(a.auth)
      .send({ target_url: 'https://example.com/mq', custom_slug: 'mq1' })
      .expect(200);
    expect(made.body.data.slug).toBe('mq1');
    await t
      .api()
      .delete('/api/v1/shorten')
      .set(a.auth)
      .send({ domain: 'localhost:3000', slug: 'mq1' })
      .expect(200);
    await t.app.get(EventDispatcher).drain();
    const events = (await t.app.get(EventHistory).list({ accountId: a.id }, 1, 10)).reverse();
    expect(events.map((e) => e.type)).toEqual(['account.created', 'link.created', 'link.deleted']);
    await until(() => got.length >= 3 && heard.length >= 3);

    expect(got.map((m) => m.fields.routingKey)).toEqual(events.map((e) => e.type));
    expect(got.map((m) => m.properties.messageId as string)).toEqual(events.map((e) => e.eventId));
    expect(got.every((m) => m.properties.contentType === 'application/json')).toBe(true);
    const body = JSON.parse(got[1].content.toString()) as Record<string, unknown>;
    expect(body).toMatchObject({ type: 'link.created', data: { slug: 'mq1' } });
    expect(body.timestamp).toBe(events[1].occurredAt.toISOString());
    expect(heard.map((m) => (JSON.parse(m) as { type: string }).type)).toEqual(
      events.map((e) => e.type),
    );
    expect(heard[1]).toBe(got[1].content.toString());

    await subscriber.quit();
    await channel.deleteExchange(exchange);
    await connection.close();
  });

  it('should keep events in the outbox while the broker cannot be reached', async () => {
    const down = await createTestApp({
      EVENTS_AMQP_URL: 'amqp://guest:guest@127.0.0.1:1',
      EVENTS_AMQP_EXCHANGE: exchange,
    });
    try {
      const a = await createAccount(down);
      const history = down.app.get(EventHistory);
      await until(() => false, 300); // the try that the sign-up's commit woke
      await down.app
        .get(EventDispatcher)
        .drain()
        .catch(() => undefined);
      expect(await history.countPending()).toBe(1);
      // Given back at once, not held by the failed try's lease: the next try may take it.
      const claimed = await history.claim('probe', 10, 1000);
      expect(claimed.map((e) => [e.type, e.accountId])).toEqual([['account.created', a.id]]);
    } finally {
      await down.close();
    }
  });
});
