import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { bigintTransformer } from '../../common/bigint.transformer';

export const CHECK_OUTCOMES = ['ok', 'failed', 'unknown'] as const;
export type CheckOutcome = (typeof CHECK_OUTCOMES)[number];

/** One check of a watched link's target: the last few are kept, as its history. */
@Entity('link_health_checks')
export class LinkHealthCheck {
  @PrimaryGeneratedColumn() id!: number;
  @Column({ name: 'link_id', transformer: bigintTransformer }) linkId!: number;
  @Column({ name: 'checked_at', type: 'datetime' }) checkedAt!: Date;
  @Column({ type: 'varchar', length: 10 }) outcome!: CheckOutcome;
  @Column({ name: 'http_status', type: 'integer', nullable: true }) httpStatus!: number | null;
  @Column({ type: 'varchar', length: 200, nullable: true }) error!: string | null;
}
