import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { bigintTransformer } from '../../common/bigint.transformer';

export type DeliveryStatus = 'pending' | 'delivered' | 'failed';

/** One event on its way to one endpoint, with what the last attempt got back. */
@Entity('webhook_deliveries')
export class WebhookDelivery {
  @PrimaryGeneratedColumn() id!: number;
  @Column({ name: 'endpoint_id', transformer: bigintTransformer }) endpointId!: number;
  /** The outbox event's id: the `webhook-id` header, the same on every attempt. */
  @Column({ name: 'event_id', type: 'varchar', length: 40 }) eventId!: string;
  @Column({ type: 'varchar', length: 40 }) type!: string;
  /** The exact body sent (and signed) on every attempt. */
  @Column({ type: 'text' }) body!: string;
  @Column({ type: 'varchar', length: 10 }) status!: DeliveryStatus;
  @Column({ type: 'integer', default: 0 }) attempts!: number;
  @Column({ name: 'response_status', type: 'integer', nullable: true })
  responseStatus!: number | null;
  @Column({ name: 'duration_ms', type: 'integer', nullable: true }) durationMs!: number | null;
  /** The first KiB of the last answer. */
  @Column({ name: 'response_body', type: 'text', nullable: true }) responseBody!: string | null;
  /** Why the last attempt got no answer (time-out, refused address...). */
  @Column({ type: 'varchar', length: 200, nullable: true }) error!: string | null;
  @Column({ name: 'created_at', type: 'datetime' }) createdAt!: Date;
  @Column({ name: 'next_attempt_at', type: 'datetime', nullable: true })
  nextAttemptAt!: Date | null;
  @Column({ name: 'lease_token', type: 'varchar', length: 32, nullable: true })
  leaseToken!: string | null;
  @Column({ name: 'lease_until', type: 'datetime', nullable: true }) leaseUntil!: Date | null;
}
