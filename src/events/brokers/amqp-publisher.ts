import { Logger } from '@nestjs/common';
import { ChannelModel, ConfirmChannel, connect } from 'amqplib';
import type { ClaimedEvent } from '../../outbox/claimed-event';
import { messageOf } from './event-message';

/**
 * Every event to a RabbitMQ topic exchange (routing key: the event's type), persistent, each
 * confirmed by the broker before the batch counts as published; `messageId` is the event's id,
 * for consumers to drop the duplicates at-least-once delivery may bring.
 */
export class AmqpPublisher {
  private readonly logger = new Logger('AMQP');
  private connecting?: Promise<ConfirmChannel>;
  private connection?: ChannelModel;

  constructor(
    private readonly url: string,
    private readonly exchange: string,
  ) {}

  async publish(events: ClaimedEvent[]): Promise<void> {
    const channel = await this.channel();
    for (const e of events) {
      channel.publish(this.exchange, e.type, Buffer.from(messageOf(e)), {
        messageId: e.eventId,
        type: e.type,
        timestamp: Math.floor(e.occurredAt.getTime() / 1000),
        contentType: 'application/json',
        persistent: true,
      });
    }
    await channel.waitForConfirms();
  }

  async close(): Promise<void> {
    const connection = this.connection;
    this.connection = undefined;
    this.connecting = undefined;
    await connection?.close().catch(() => undefined);
  }

  private channel(): Promise<ConfirmChannel> {
    this.connecting ??= this.open().catch((e: unknown) => {
      this.connecting = undefined;
      throw e;
    });
    return this.connecting;
  }

  private async open(): Promise<ConfirmChannel> {
    const connection = await connect(this.url);
    this.connection = connection;
    // A lost connection is opened again by the next batch (it stays in the outbox meanwhile).
    const forget = () => {
      if (this.connection === connection) {
        this.connection = undefined;
        this.connecting = undefined;
      }
    };
    connection.on('error', (e: Error) => this.logger.warn(`RabbitMQ: ${e.message}`));
    connection.on('close', forget);
    const channel = await connection.createConfirmChannel();
    channel.on('error', (e: Error) => this.logger.warn(`RabbitMQ channel: ${e.message}`));
    channel.on('close', forget);
    await channel.assertExchange(this.exchange, 'topic', { durable: true });
    return channel;
  }
}
