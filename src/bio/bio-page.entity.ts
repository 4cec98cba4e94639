import { Column, Entity, JoinColumn, OneToOne, PrimaryColumn } from 'typeorm';
import { bigintTransformer } from '../common/bigint.transformer';
import { Link } from '../links/link.entity';

export interface BioCustomLink {
  title: string;
  url: string;
  description?: string;
}

/** The content of a link of kind `bio` (S.EE's link-in-bio page); its id is the link's id. */
@Entity('bio_pages')
export class BioPage {
  @PrimaryColumn({ name: 'link_id', transformer: bigintTransformer }) linkId!: number;
  @OneToOne(() => Link, { onDelete: 'CASCADE' }) @JoinColumn({ name: 'link_id' }) link?: Link;
  @Column({ type: 'varchar', length: 1000 }) description!: string;
  /** JSON: BioCustomLink[], in the order the owner gave. */
  @Column({ name: 'custom_links', type: 'text' }) customLinks!: string;
  @Column({ name: 'mastodon_url', type: 'varchar', length: 2048 }) mastodonUrl!: string;
  @Column({ name: 'rss_url', type: 'varchar', length: 2048 }) rssUrl!: string;
  @Column({ name: 'updated_at', type: 'datetime' }) updatedAt!: Date;
}
