import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { bigintTransformer } from '../../common/bigint.transformer';

/** Where an account wants its events sent. */
@Entity('webhook_endpoints')
export class WebhookEndpoint {
  @PrimaryGeneratedColumn() id!: number;
  @Column({ name: 'account_id', transformer: bigintTransformer }) accountId!: number;
  @Column({ type: 'varchar', length: 2000 }) url!: string;
  /** The event types wanted, as a JSON array; `["*"]` for all. */
  @Column({ type: 'text' }) events!: string;
  @Column({ type: 'varchar', length: 200, nullable: true }) description!: string | null;
  /** `whsec_` + base64 of the signing key (Standard Webhooks). */
  @Column({ type: 'varchar', length: 100 }) secret!: string;
  @Column({ type: 'boolean', default: true }) enabled!: boolean;
  /** Since when every delivery has failed; null while it answers. */
  @Column({ name: 'failing_since', type: 'datetime', nullable: true }) failingSince!: Date | null;
  /** Why the service switched it off (its owner is told); null if it did not. */
  @Column({ name: 'disabled_reason', type: 'varchar', length: 200, nullable: true })
  disabledReason!: string | null;
  @Column({ name: 'created_at', type: 'datetime' }) createdAt!: Date;
  @Column({ name: 'updated_at', type: 'datetime' }) updatedAt!: Date;
}
