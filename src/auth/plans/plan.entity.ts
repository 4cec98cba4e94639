import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { bigintTransformer } from '../../common/bigint.transformer';

@Entity('plans')
export class Plan {
  @PrimaryGeneratedColumn() id!: number;
  @Column({ type: 'varchar', length: 32 }) code!: string;
  @Column({ type: 'varchar', length: 64 }) name!: string;
  @Column({ name: 'max_file_bytes', type: 'bigint', transformer: bigintTransformer })
  maxFileBytes!: number;
  @Column({ name: 'storage_quota_bytes', type: 'bigint', transformer: bigintTransformer })
  storageQuotaBytes!: number;
  @Column({ name: 'max_custom_domains', type: 'int' }) maxCustomDomains!: number;
  /** `link_day=100,api_month=100000`: see usage-limits.ts; null or empty: no limits. */
  @Column({ name: 'usage_limits', type: 'varchar', length: 255, nullable: true })
  usageLimits!: string | null;
}
