import { Column, Entity, PrimaryColumn } from 'typeorm';
import { bigintTransformer } from '../common/bigint.transformer';

/** The content of a link of kind `bundle`: several files under one address. */
@Entity('bundles')
export class Bundle {
  @PrimaryColumn({ name: 'link_id', transformer: bigintTransformer }) linkId!: number;
  /** Its page and its zip answer 404 to anyone but through a signed file URL: its owner's only. */
  @Column({ name: 'is_private', type: 'boolean', default: false }) isPrivate!: boolean;
}

/** A file of a bundle (a file belongs to one bundle at most), in the bundle's order. */
@Entity('bundle_files')
export class BundleFile {
  @PrimaryColumn({ name: 'file_id', transformer: bigintTransformer }) fileId!: number;
  @Column({ name: 'bundle_id', transformer: bigintTransformer }) bundleId!: number;
  @Column({ type: 'int' }) position!: number;
}
