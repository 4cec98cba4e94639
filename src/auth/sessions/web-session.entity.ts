import { Column, Entity, PrimaryColumn } from 'typeorm';
import { bigintTransformer } from '../../common/bigint.transformer';

/**
 * A browser's log-in, kept server-side so it can be revoked (log out, log out everywhere, a
 * password change). The cookie holds a secret; only its SHA-256 is stored.
 */
@Entity('web_sessions')
export class WebSession {
  /** SHA-256 (hex) of the cookie's secret. */
  @PrimaryColumn({ type: 'varchar', length: 64 }) id!: string;
  @Column({ name: 'account_id', transformer: bigintTransformer }) accountId!: number;
  /** The token every state-changing form and script call of this session must send back. */
  @Column({ name: 'csrf_token', type: 'varchar', length: 64 }) csrfToken!: string;
  @Column({ name: 'user_agent', type: 'varchar', length: 255 }) userAgent!: string;
  @Column({ name: 'created_at', type: 'datetime' }) createdAt!: Date;
  @Column({ name: 'last_seen_at', type: 'datetime' }) lastSeenAt!: Date;
  @Column({ name: 'expires_at', type: 'datetime' }) expiresAt!: Date;
}
