import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { bigintTransformer } from '../../common/bigint.transformer';

/** One thing that happened to an account's keys: a log-in, a new token, 2FA turned off... */
@Entity('security_events')
export class SecurityEvent {
  @PrimaryGeneratedColumn() id!: number;
  @Column({ name: 'account_id', transformer: bigintTransformer }) accountId!: number;
  /** security-events.ts: `login`, `token.created`, `two_factor.enabled`... */
  @Column({ type: 'varchar', length: 40 }) type!: string;
  /** How: `password`, `totp`, `recovery_code`, `passkey`, `oidc:<name>`, `admin`, `cli`... */
  @Column({ type: 'varchar', length: 60, nullable: true }) method!: string | null;
  @Column({ type: 'boolean', default: true }) success!: boolean;
  /** The browser or program, as "Firefox · Linux" (never the raw IP). */
  @Column({ type: 'varchar', length: 100, nullable: true }) device!: string | null;
  /** A name the event is about (the token's, the passkey's). */
  @Column({ type: 'varchar', length: 100, nullable: true }) detail!: string | null;
  @Column({ name: 'created_at', type: 'datetime' }) createdAt!: Date;
}
