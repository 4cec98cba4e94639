import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { bigintTransformer } from '../../common/bigint.transformer';

/** An invitation to sign up (AUTH_SIGNUP=invite), made by an admin. */
@Entity('invites')
export class Invite {
  @PrimaryGeneratedColumn() id!: number;
  /** SHA-256 (hex) of the secret in the invitation's address; the secret is never stored. */
  @Column({ name: 'token_hash', type: 'varchar', length: 64 }) tokenHash!: string;
  @Column({ name: 'uses_left', type: 'int' }) usesLeft!: number;
  @Column({ name: 'expires_at', type: 'datetime', nullable: true }) expiresAt!: Date | null;
  /** The plan the new accounts start on; null: DEFAULT_PLAN. */
  @Column({ name: 'plan_code', type: 'varchar', length: 32, nullable: true }) planCode!:
    string | null;
  @Column({ name: 'created_by', transformer: bigintTransformer }) createdBy!: number;
  @Column({ name: 'created_at', type: 'datetime' }) createdAt!: Date;
  @Column({ name: 'revoked_at', type: 'datetime', nullable: true }) revokedAt!: Date | null;
}
