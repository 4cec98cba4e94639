import {
  Column,
  Entity,
  JoinColumn,
  JoinTable,
  ManyToMany,
  ManyToOne,
  PrimaryGeneratedColumn,
} from 'typeorm';
import { bigintTransformer } from '../common/bigint.transformer';
import { Domain } from '../domains/domain.entity';
import { Tag } from '../tags/tag.entity';

export const LINK_KINDS = ['redirect', 'text', 'file', 'bio', 'bundle'] as const;
export type LinkKind = (typeof LINK_KINDS)[number];
export const REDIRECT_CODES = [301, 302, 307, 308] as const;

/** Every public short address, whatever it points at: `(domain_id, slug)` is unique. */
@Entity('links')
export class Link {
  @PrimaryGeneratedColumn() id!: number;
  @Column({ name: 'account_id', transformer: bigintTransformer }) accountId!: number;
  @Column({ name: 'domain_id', transformer: bigintTransformer }) domainId!: number;
  @ManyToOne(() => Domain) @JoinColumn({ name: 'domain_id' }) domain?: Domain;
  @Column({ type: 'varchar', length: 64 }) slug!: string;
  @Column({ type: 'varchar', length: 16 }) kind!: LinkKind;
  @Column({ name: 'target_url', type: 'varchar', length: 2048, nullable: true })
  targetUrl!: string | null;
  @Column({ type: 'varchar', length: 255, nullable: true }) title!: string | null;
  @Column({ name: 'password_hash', type: 'varchar', length: 255, nullable: true })
  passwordHash!: string | null;
  @Column({ name: 'expire_at', type: 'datetime', nullable: true }) expireAt!: Date | null;
  @Column({ name: 'expiration_redirect_url', type: 'varchar', length: 2048, nullable: true })
  expirationRedirectUrl!: string | null;
  @Column({ name: 'redirect_code', type: 'smallint' }) redirectCode!: number;
  @Column({ type: 'bigint', transformer: bigintTransformer }) clicks!: number;
  /** Link previews (Open Graph, oEmbed) may show its content; false keeps it out of them. */
  @Column({ type: 'boolean', default: true }) unfurl!: boolean;
  /** Made through S.EE's `/qrcode`: its visits are scans. */
  @Column({ name: 'qr_code', type: 'boolean', default: false }) qrCode!: boolean;
  @ManyToMany(() => Tag)
  @JoinTable({
    name: 'link_tags',
    joinColumn: { name: 'link_id', referencedColumnName: 'id' },
    inverseJoinColumn: { name: 'tag_id', referencedColumnName: 'id' },
  })
  tags?: Tag[];
  /** Taken down by an admin (or its account disabled): the share answers 410 with this. */
  @Column({ name: 'blocked_reason', type: 'varchar', length: 300, nullable: true })
  blockedReason!: string | null;
  @Column({ name: 'created_at', type: 'datetime' }) createdAt!: Date;
  @Column({ name: 'updated_at', type: 'datetime' }) updatedAt!: Date;
}
