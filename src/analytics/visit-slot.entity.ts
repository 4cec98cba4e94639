import { Column, Entity, PrimaryColumn } from 'typeorm';
import { bigintTransformer } from '../common/bigint.transformer';

/** Visits of one share in one quarter-hour (Unix seconds), people and bots apart; kept for ever. */
@Entity('visit_slots')
export class VisitSlot {
  @PrimaryColumn({ name: 'link_id', transformer: bigintTransformer }) linkId!: number;
  @PrimaryColumn({ type: 'bigint', transformer: bigintTransformer }) slot!: number;
  @PrimaryColumn({ type: 'boolean' }) bot!: boolean;
  @Column({ name: 'account_id', transformer: bigintTransformer }) accountId!: number;
  @Column({ type: 'bigint', transformer: bigintTransformer }) visits!: number;
  /** Visitors first seen this UTC day in this quarter-hour (so slots add up to days). */
  @Column({ type: 'bigint', transformer: bigintTransformer }) uniques!: number;
}
