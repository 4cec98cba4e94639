import { Column, Entity, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';
import { bigintTransformer } from '../../common/bigint.transformer';

/** An account's authenticator app (TOTP, RFC 6238), once enrolment has begun. */
@Entity('two_factor')
export class TwoFactor {
  @PrimaryColumn({ name: 'account_id', transformer: bigintTransformer }) accountId!: number;
  /** The shared secret, base32, as the authenticator app holds it. */
  @Column({ type: 'varchar', length: 64 }) secret!: string;
  /** null: enrolment begun, not yet confirmed by a code (the log-in does not ask for one). */
  @Column({ name: 'enabled_at', type: 'datetime', nullable: true }) enabledAt!: Date | null;
  /** The 30-second step of the last code taken: a code works once. */
  @Column({ name: 'last_step', type: 'bigint', nullable: true, transformer: bigintTransformer })
  lastStep!: number | null;
  @Column({ name: 'created_at', type: 'datetime' }) createdAt!: Date;
}

/** One of the ten single-use codes for a lost authenticator; only its SHA-256 is kept. */
@Entity('recovery_codes')
export class RecoveryCode {
  @PrimaryGeneratedColumn() id!: number;
  @Column({ name: 'account_id', transformer: bigintTransformer }) accountId!: number;
  @Column({ name: 'code_hash', type: 'varchar', length: 64 }) codeHash!: string;
  @Column({ name: 'used_at', type: 'datetime', nullable: true }) usedAt!: Date | null;
}
