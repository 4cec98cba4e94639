import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { bigintTransformer } from '../common/bigint.transformer';

export const CUSTOM_DOMAIN_STATUSES = ['pending', 'verified', 'failed', 'lost'] as const;
export type CustomDomainStatus = (typeof CUSTOM_DOMAIN_STATUSES)[number];

/**
 * An account's claim on a host. Several accounts may claim one host; the first to publish its
 * TXT record wins, and only then does the host get a row in `domains` (shares live there).
 */
@Entity('custom_domains')
export class CustomDomain {
  @PrimaryGeneratedColumn() id!: number;
  @Column({ name: 'account_id', transformer: bigintTransformer }) accountId!: number;
  @Column({ type: 'varchar', length: 253 }) host!: string;
  @Column({ type: 'varchar', length: 10 }) status!: CustomDomainStatus;
  /** What the TXT record at `_linkdrop.<host>` must say: `linkdrop-verify=<token>`. */
  @Column({ type: 'varchar', length: 64 }) token!: string;
  /** The serving row in `domains`, once verified. */
  @Column({ name: 'domain_id', type: 'int', nullable: true, transformer: bigintTransformer })
  domainId!: number | null;
  @Column({ name: 'root_redirect_url', type: 'varchar', length: 2048, nullable: true })
  rootRedirectUrl!: string | null;
  @Column({ name: 'not_found_redirect_url', type: 'varchar', length: 2048, nullable: true })
  notFoundRedirectUrl!: string | null;
  @Column({ name: 'created_at', type: 'datetime' }) createdAt!: Date;
  @Column({ name: 'verified_at', type: 'datetime', nullable: true }) verifiedAt!: Date | null;
  @Column({ name: 'checked_at', type: 'datetime', nullable: true }) checkedAt!: Date | null;
  /** When the background check looks again (back-off while pending, daily once verified). */
  @Column({ name: 'next_check_at', type: 'datetime', nullable: true }) nextCheckAt!: Date | null;
  /** Verified, but the TXT record has been missing since then (lost after 3 days). */
  @Column({ name: 'txt_missing_since', type: 'datetime', nullable: true })
  txtMissingSince!: Date | null;
}
