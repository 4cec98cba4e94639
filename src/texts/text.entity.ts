import { Column, Entity, JoinColumn, OneToOne, PrimaryColumn } from 'typeorm';
import { bigintTransformer } from '../common/bigint.transformer';
import { Link } from '../links/link.entity';

export const TEXT_TYPES = ['plain_text', 'source_code', 'markdown'] as const;
export type TextType = (typeof TEXT_TYPES)[number];

/** The content of a link of kind `text`; its id is the link's id. */
@Entity('texts')
export class Text {
  @PrimaryColumn({ name: 'link_id', transformer: bigintTransformer }) linkId!: number;
  @OneToOne(() => Link, { onDelete: 'CASCADE' }) @JoinColumn({ name: 'link_id' }) link?: Link;
  @Column({ name: 'text_type', type: 'varchar', length: 16 }) textType!: TextType;
  /** highlight.js language name; null for plain text and Markdown. */
  @Column({ type: 'varchar', length: 40, nullable: true }) language!: string | null;
  @Column({ type: 'text' }) content!: string;
  @Column({ name: 'size_bytes', type: 'int' }) sizeBytes!: number;
  @Column({ name: 'burn_after_read', type: 'boolean' }) burnAfterRead!: boolean;
}
