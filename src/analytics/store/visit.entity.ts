import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { bigintTransformer } from '../../common/bigint.transformer';

export const DEVICES = ['desktop', 'mobile', 'tablet', 'other'] as const;
export type Device = (typeof DEVICES)[number];

/** One visit of a share, as recorded: no IP address, ever. */
@Entity('visits')
export class Visit {
  @PrimaryGeneratedColumn() id!: number;
  @Column({ name: 'link_id', transformer: bigintTransformer }) linkId!: number;
  @Column({ name: 'account_id', transformer: bigintTransformer }) accountId!: number;
  @Column({ name: 'domain_id', transformer: bigintTransformer }) domainId!: number;
  @Column({ type: 'varchar', length: 16 }) kind!: string;
  @Column({ type: 'datetime' }) at!: Date;
  @Column({ name: 'is_bot', type: 'boolean' }) isBot!: boolean;
  @Column({ type: 'boolean' }) qr!: boolean;
  @Column({ name: 'referrer_host', type: 'varchar', length: 255, nullable: true })
  referrerHost!: string | null;
  @Column({ name: 'referrer_url', type: 'varchar', length: 512, nullable: true })
  referrerUrl!: string | null;
  @Column({ type: 'varchar', length: 2, nullable: true }) country!: string | null;
  @Column({ type: 'varchar', length: 40, nullable: true }) browser!: string | null;
  @Column({ type: 'varchar', length: 40, nullable: true }) os!: string | null;
  @Column({ type: 'varchar', length: 10 }) device!: Device;
  @Column({ type: 'varchar', length: 35, nullable: true }) language!: string | null;
  /** The A/B variant the visit was sent to (`1`, `2`..., `r3.1` in a rule's split); null: none. */
  @Column({ type: 'varchar', length: 8, nullable: true }) variant!: string | null;
  /** From the visit's own `utm_` parameters, else the link's UTM fields. */
  @Column({ name: 'utm_source', type: 'varchar', length: 100, nullable: true })
  utmSource!: string | null;
  @Column({ name: 'utm_medium', type: 'varchar', length: 100, nullable: true })
  utmMedium!: string | null;
  @Column({ name: 'utm_campaign', type: 'varchar', length: 100, nullable: true })
  utmCampaign!: string | null;
  /** HMAC of IP and User-Agent under a salt that changes every UTC day (uniques per day). */
  @Column({ name: 'visitor_hash', type: 'varchar', length: 16 }) visitorHash!: string;
}
