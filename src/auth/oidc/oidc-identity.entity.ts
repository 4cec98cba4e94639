import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { bigintTransformer } from '../../common/bigint.transformer';

/** An account's identity at an OpenID provider: the provider's name and its `sub` for it. */
@Entity('oidc_identities')
export class OidcIdentity {
  @PrimaryGeneratedColumn() id!: number;
  @Column({ name: 'account_id', transformer: bigintTransformer }) accountId!: number;
  @Column({ type: 'varchar', length: 64 }) provider!: string;
  @Column({ type: 'varchar', length: 255 }) subject!: string;
  @Column({ name: 'created_at', type: 'datetime' }) createdAt!: Date;
}
