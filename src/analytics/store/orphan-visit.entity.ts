import { Column, Entity, PrimaryColumn } from 'typeorm';
import { bigintTransformer } from '../../common/bigint.transformer';

/** Visits of an address on one of our domains that no share holds (a typo, an old link). */
@Entity('orphan_visits')
export class OrphanVisit {
  @PrimaryColumn({ name: 'domain_id', transformer: bigintTransformer }) domainId!: number;
  @PrimaryColumn({ type: 'varchar', length: 255 }) path!: string;
  @Column({ type: 'bigint', transformer: bigintTransformer }) visits!: number;
  @Column({ type: 'bigint', transformer: bigintTransformer }) bots!: number;
  @Column({ name: 'last_at', type: 'datetime' }) lastAt!: Date;
}
