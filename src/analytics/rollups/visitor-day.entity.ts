import { Entity, PrimaryColumn } from 'typeorm';
import { bigintTransformer } from '../../common/bigint.transformer';

/** A visitor seen on a share on a UTC day (days since 1970): only today's and yesterday's. */
// SQLite: stored in key order (migration ClusteredVisitors), as InnoDB stores it.
@Entity('visitor_days', { withoutRowid: true })
export class VisitorDay {
  @PrimaryColumn({ type: 'int' }) day!: number;
  @PrimaryColumn({ name: 'link_id', transformer: bigintTransformer }) linkId!: number;
  @PrimaryColumn({ name: 'visitor_hash', type: 'varchar', length: 16 }) visitorHash!: string;
}
