import { Column, Entity, PrimaryColumn } from 'typeorm';
import { bigintTransformer } from '../../common/bigint.transformer';

/**
 * A share's visits in one hour (`h`) or UTC day (`d`), people and bots apart; kept for ever. One
 * row holds the total, the uniques, the quarter-hours and every dimension's counts, so a batch
 * writes one row per share and hour, and a 90-day query reads 90 daily rows (or 2,160 hourly
 * ones when the zone is not UTC).
 */
@Entity('visit_rollups')
export class VisitRollup {
  @PrimaryColumn({ name: 'link_id', transformer: bigintTransformer }) linkId!: number;
  @PrimaryColumn({ type: 'varchar', length: 1 }) span!: 'h' | 'd';
  /** Unix seconds. */
  @PrimaryColumn({ type: 'bigint', transformer: bigintTransformer }) start!: number;
  @PrimaryColumn({ type: 'boolean' }) bot!: boolean;
  @Column({ name: 'account_id', transformer: bigintTransformer }) accountId!: number;
  @Column({ type: 'bigint', transformer: bigintTransformer }) visits!: number;
  /** Visitors first seen this UTC day within the span (so hours add up to days). */
  @Column({ type: 'bigint', transformer: bigintTransformer }) uniques!: number;
  /** Hours: `[[visits, uniques] x 4]` as JSON, by quarter; null for days. */
  @Column({ type: 'varchar', length: 200, nullable: true }) quarters!: string | null;
  /** DimCounts as JSON: `{ "country": { "DE": 3, "": 1 }, ... }` ('' is not known). */
  @Column({ type: 'text' }) counts!: string;
}
