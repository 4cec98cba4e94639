import { Column, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { bigintTransformer } from '../common/bigint.transformer';
import { Account } from './account.entity';

@Entity('api_tokens')
export class ApiToken {
  @PrimaryGeneratedColumn() id!: number;
  @Column({ name: 'account_id', transformer: bigintTransformer }) accountId!: number;
  @ManyToOne(() => Account) @JoinColumn({ name: 'account_id' }) account?: Account;
  @Column({ type: 'varchar', length: 100 }) name!: string;
  /** The first characters of the token, shown in lists so a holder can tell tokens apart. */
  @Column({ type: 'varchar', length: 16 }) prefix!: string;
  /** SHA-256 (hex) of the token; the token itself is never stored. */
  @Column({ name: 'token_hash', type: 'varchar', length: 64 }) tokenHash!: string;
  @Column({ name: 'last_used_at', type: 'datetime', nullable: true }) lastUsedAt!: Date | null;
  @Column({ name: 'revoked_at', type: 'datetime', nullable: true }) revokedAt!: Date | null;
  @Column({ name: 'created_at', type: 'datetime' }) createdAt!: Date;
  /** null: the token never expires. */
  @Column({ name: 'expires_at', type: 'datetime', nullable: true }) expiresAt!: Date | null;
  /** Space-separated scopes (scopes.ts); null: all its account may do. */
  @Column({ type: 'varchar', length: 300, nullable: true }) scopes!: string | null;
  /** What the token is for, in its owner's words. */
  @Column({ type: 'varchar', length: 500, nullable: true }) note!: string | null;
}
