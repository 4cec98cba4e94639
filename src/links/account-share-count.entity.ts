import { Column, Entity, PrimaryColumn } from 'typeorm';
import { bigintTransformer } from '../common/bigint.transformer';
import type { LinkKind } from './link.entity';

/**
 * How many shares of a kind an account holds and their visits (`links.clicks` summed), kept in
 * the transactions that make or delete a share (LinksRepository) and count its visits (the visit
 * store): `/usage`, `/account`, the overview and YOURLS's totals read it instead of counting an
 * account's million links.
 */
@Entity('account_share_counts')
export class AccountShareCount {
  @PrimaryColumn({ name: 'account_id', transformer: bigintTransformer }) accountId!: number;
  @PrimaryColumn({ type: 'varchar', length: 16 }) kind!: LinkKind;
  @Column({ type: 'bigint', transformer: bigintTransformer }) shares!: number;
  @Column({ type: 'bigint', transformer: bigintTransformer }) clicks!: number;
}
