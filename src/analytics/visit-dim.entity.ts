import { Column, Entity, PrimaryColumn } from 'typeorm';
import { bigintTransformer } from '../common/bigint.transformer';

/** Visits of one share by a dimension's value (country `DE`...), per hour (`h`) or UTC day (`d`). */
@Entity('visit_dims')
export class VisitDim {
  @PrimaryColumn({ name: 'link_id', transformer: bigintTransformer }) linkId!: number;
  @PrimaryColumn({ type: 'varchar', length: 1 }) span!: 'h' | 'd';
  @PrimaryColumn({ type: 'bigint', transformer: bigintTransformer }) start!: number;
  @PrimaryColumn({ type: 'boolean' }) bot!: boolean;
  @PrimaryColumn({ type: 'varchar', length: 10 }) dimension!: string;
  /** '' when unknown. */
  @PrimaryColumn({ type: 'varchar', length: 255 }) value!: string;
  @Column({ name: 'account_id', transformer: bigintTransformer }) accountId!: number;
  @Column({ type: 'bigint', transformer: bigintTransformer }) visits!: number;
}
