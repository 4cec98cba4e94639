import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { bigintTransformer } from '../../common/bigint.transformer';

export type EmailTokenPurpose = 'reset' | 'verify';

/** A single-use secret sent by mail (a password reset, an address check); only its hash is kept. */
@Entity('email_tokens')
export class EmailToken {
  @PrimaryGeneratedColumn() id!: number;
  @Column({ name: 'account_id', transformer: bigintTransformer }) accountId!: number;
  @Column({ type: 'varchar', length: 16 }) purpose!: EmailTokenPurpose;
  @Column({ name: 'token_hash', type: 'varchar', length: 64 }) tokenHash!: string;
  @Column({ name: 'expires_at', type: 'datetime' }) expiresAt!: Date;
  @Column({ name: 'used_at', type: 'datetime', nullable: true }) usedAt!: Date | null;
  @Column({ name: 'created_at', type: 'datetime' }) createdAt!: Date;
}
