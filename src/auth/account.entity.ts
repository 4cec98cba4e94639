import { Column, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { bigintTransformer } from '../common/bigint.transformer';
import { Plan } from './plans/plan.entity';

@Entity('accounts')
export class Account {
  @PrimaryGeneratedColumn() id!: number;
  /** Stored lower-cased, so uniqueness is case-insensitive on every driver. */
  @Column({ type: 'varchar', length: 254 }) email!: string;
  @Column({ name: 'password_hash', type: 'varchar', length: 255 }) passwordHash!: string;
  @Column({ name: 'plan_id', transformer: bigintTransformer }) planId!: number;
  @ManyToOne(() => Plan, { eager: false }) @JoinColumn({ name: 'plan_id' }) plan?: Plan;
  /** null: the plan never ends. */
  @Column({ name: 'plan_expires_at', type: 'datetime', nullable: true })
  planExpiresAt!: Date | null;
  @Column({ name: 'is_admin', type: 'boolean', default: false }) isAdmin!: boolean;
  /** Disabled by an admin: its tokens and sessions stop working, its shares answer 410. */
  @Column({ name: 'disabled_at', type: 'datetime', nullable: true }) disabledAt!: Date | null;
  /** Running total of stored file bytes, kept by the files module (never a SUM on the hot path). */
  @Column({ name: 'storage_bytes', type: 'bigint', transformer: bigintTransformer })
  storageBytes!: number;
  /** null: the address was never confirmed (AUTH_VERIFY_EMAIL): no log-in until it is. */
  @Column({ name: 'email_verified_at', type: 'datetime', nullable: true })
  emailVerifiedAt!: Date | null;
  /** Every redirect of the account has its target watched (as a link's `watch_target`). */
  @Column({ name: 'watch_targets', type: 'boolean', default: false }) watchTargets!: boolean;
  @Column({ name: 'created_at', type: 'datetime' }) createdAt!: Date;
  @Column({ name: 'updated_at', type: 'datetime' }) updatedAt!: Date;
}
