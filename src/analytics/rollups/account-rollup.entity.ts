import { Column, Entity, PrimaryColumn } from 'typeorm';
import { bigintTransformer } from '../../common/bigint.transformer';

/**
 * An account's visits in one hour (`h`) or UTC day (`d`): the sum of its shares' rollup rows,
 * written with them, and a count by share (`counts.share`, share id to visits, the first
 * MAX_VALUES shares of the row by name, the rest as OTHER). An account's stats over 90 days then
 * read 90 rows, not one per share and day. Visits of a share deleted since stay in its account's
 * rows, as they happened.
 */
@Entity('account_rollups')
export class AccountRollup {
  @PrimaryColumn({ name: 'account_id', transformer: bigintTransformer }) accountId!: number;
  @PrimaryColumn({ type: 'varchar', length: 1 }) span!: 'h' | 'd';
  /** Unix seconds. */
  @PrimaryColumn({ type: 'bigint', transformer: bigintTransformer }) start!: number;
  @PrimaryColumn({ type: 'boolean' }) bot!: boolean;
  @Column({ type: 'bigint', transformer: bigintTransformer }) visits!: number;
  /** The sum of its shares' uniques (a person visiting two shares counts twice). */
  @Column({ type: 'bigint', transformer: bigintTransformer }) uniques!: number;
  @Column({ type: 'varchar', length: 200, nullable: true }) quarters!: string | null;
  @Column({ type: 'text' }) counts!: string;
}
