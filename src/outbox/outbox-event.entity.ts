import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { bigintTransformer } from '../common/bigint.transformer';

/**
 * One thing that happened, written in the transaction that made it happen: the source of
 * webhooks, the message brokers, the audit log and each account's security log.
 */
@Entity('outbox_events')
export class OutboxEvent {
  @PrimaryGeneratedColumn() id!: number;
  /** `evt_…`: the id receivers see (`webhook-id`, AMQP `messageId`), the same on every retry. */
  @Column({ name: 'event_id', type: 'varchar', length: 40 }) eventId!: string;
  /** event-types.ts: `link.created`, `account.login`, `visit`... */
  @Column({ type: 'varchar', length: 40 }) type!: string;
  @Column({ name: 'account_id', type: 'bigint', nullable: true, transformer: bigintTransformer })
  accountId!: number | null;
  @Column({ name: 'occurred_at', type: 'datetime' }) occurredAt!: Date;
  @Column({ name: 'actor_type', type: 'varchar', length: 10 }) actorType!: string;
  @Column({ name: 'actor_id', type: 'bigint', nullable: true, transformer: bigintTransformer })
  actorId!: number | null;
  /** browser, api, see, smms, yourls, tus, mcp, cli; null for the service's own work. */
  @Column({ type: 'varchar', length: 10, nullable: true }) client!: string | null;
  @Column({ name: 'resource_type', type: 'varchar', length: 20 }) resourceType!: string;
  @Column({ name: 'resource_id', type: 'varchar', length: 64, nullable: true })
  resourceId!: string | null;
  /** The resource as the API shows it (JSON). */
  @Column({ type: 'text' }) data!: string;
  /** Handed to every subscriber (webhook deliveries made, brokers told); null until then. */
  @Column({ name: 'dispatched_at', type: 'datetime', nullable: true }) dispatchedAt!: Date | null;
  /** A dispatcher's claim on the row (one instance at a time), until `leaseUntil`. */
  @Column({ name: 'lease_token', type: 'varchar', length: 32, nullable: true })
  leaseToken!: string | null;
  @Column({ name: 'lease_until', type: 'datetime', nullable: true }) leaseUntil!: Date | null;
}
