import { Column, Entity, PrimaryColumn } from 'typeorm';
import { bigintTransformer } from '../../common/bigint.transformer';

export const TOMBSTONE_REASONS = ['read'] as const;
/** Why an address is empty: `read`, a one-time text read and deleted. */
export type TombstoneReason = (typeof TOMBSTONE_REASONS)[number];

/** What an address held until it was used up; no content, only when and why. */
@Entity('share_tombstones')
export class ShareTombstone {
  @PrimaryColumn({ name: 'domain_id', transformer: bigintTransformer }) domainId!: number;
  @PrimaryColumn({ type: 'varchar', length: 64 }) slug!: string;
  @Column({ type: 'varchar', length: 16 }) reason!: TombstoneReason;
  @Column({ name: 'removed_at', type: 'datetime' }) removedAt!: Date;
}
