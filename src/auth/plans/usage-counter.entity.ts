import { Column, Entity, PrimaryColumn } from 'typeorm';
import { bigintTransformer } from '../../common/bigint.transformer';

/** How many of one thing an account did in one UTC day (`2026-11-22`) or month (`2026-11`). */
@Entity('usage_counters')
export class UsageCounter {
  @PrimaryColumn({ name: 'account_id', transformer: bigintTransformer }) accountId!: number;
  @PrimaryColumn({ type: 'varchar', length: 10 }) period!: string;
  @PrimaryColumn({ type: 'varchar', length: 8 }) metric!: string;
  @Column({ type: 'int' }) count!: number;
}
