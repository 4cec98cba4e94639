import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { bigintTransformer } from '../../common/bigint.transformer';

/** A passkey (a WebAuthn credential) of an account: its public key, never a secret. */
@Entity('passkeys')
export class Passkey {
  @PrimaryGeneratedColumn() id!: number;
  @Column({ name: 'account_id', transformer: bigintTransformer }) accountId!: number;
  /** The credential's id, base64url. */
  @Column({ name: 'credential_id', type: 'varchar', length: 255 }) credentialId!: string;
  /** The COSE public key, base64url. */
  @Column({ name: 'public_key', type: 'text' }) publicKey!: string;
  /** The authenticator's signature counter (0 for those that keep none, as synced passkeys). */
  @Column({ type: 'bigint', transformer: bigintTransformer }) counter!: number;
  /** How the browser reaches it (`internal,hybrid`...), to offer it again the same way. */
  @Column({ type: 'varchar', length: 100, nullable: true }) transports!: string | null;
  @Column({ type: 'varchar', length: 100 }) name!: string;
  @Column({ name: 'created_at', type: 'datetime' }) createdAt!: Date;
  @Column({ name: 'last_used_at', type: 'datetime', nullable: true }) lastUsedAt!: Date | null;
}
