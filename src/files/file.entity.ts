import { Column, Entity, JoinColumn, OneToOne, PrimaryColumn } from 'typeorm';
import { bigintTransformer } from '../common/bigint.transformer';
import { Link } from '../links/link.entity';

/** upload_status: 2 = completed (the only state a stored record has; failed uploads leave none). */
export const UPLOAD_COMPLETED = 2;

/** The content of a link of kind `file`; its id (`file_id`) is the link's id. */
@Entity('files')
export class StoredFile {
  @PrimaryColumn({ name: 'link_id', transformer: bigintTransformer }) linkId!: number;
  @OneToOne(() => Link, { onDelete: 'CASCADE' }) @JoinColumn({ name: 'link_id' }) link?: Link;
  @Column({ name: 'account_id', transformer: bigintTransformer }) accountId!: number;
  /** The client's name, cleaned of path parts and control characters. */
  @Column({ type: 'varchar', length: 255 }) filename!: string;
  @Column({ type: 'varchar', length: 64 }) storename!: string;
  @Column({ type: 'varchar', length: 160 }) path!: string;
  /** The stored bytes when another record's (a fast upload); null: this record's own path. */
  @Column({ name: 'storage_key', type: 'varchar', length: 160, nullable: true })
  storageKey!: string | null;
  /** Sniffed from the bytes, never taken from the client. */
  @Column({ type: 'varchar', length: 127 }) mime!: string;
  @Column({ type: 'bigint', transformer: bigintTransformer }) size!: number;
  @Column({ type: 'int' }) width!: number;
  @Column({ type: 'int' }) height!: number;
  /** Of the bytes as stored (after metadata was stripped): identical bytes are stored once. */
  @Column({ type: 'varchar', length: 64 }) sha256!: string;
  /**
   * Of the bytes as they were uploaded: what the uploader knows (S.EE's `file_hash`), so an
   * upload of the same file again is found (fast_upload, SM.MS's image_repeated).
   */
  @Column({ name: 'upload_sha256', type: 'varchar', length: 64 }) uploadSha256!: string;
  /** The uploader kept the photo's identifying metadata (keep_metadata), and it had some. */
  @Column({ name: 'kept_metadata', type: 'boolean', default: false }) keptMetadata!: boolean;
  /** Thumbnails: THUMBS.none (not an image we read), pending, made, or failed. */
  @Column({ type: 'smallint', default: 0 }) thumbs!: number;
  @Column({ name: 'delete_hash', type: 'varchar', length: 64 }) deleteHash!: string;
  /** The SHA-256 again, for SM.MS v2 uploads only: unique per account (image_repeated). */
  @Column({ name: 'dedupe_sha256', type: 'varchar', length: 64, nullable: true })
  dedupeSha256!: string | null;
  @Column({ name: 'upload_status', type: 'smallint' }) uploadStatus!: number;
  /** S.EE's private files: the bytes are served only through signed URLs. */
  @Column({ name: 'is_private', type: 'boolean', default: false }) isPrivate!: boolean;
  @Column({ name: 'created_at', type: 'datetime' }) createdAt!: Date;
}

/** Where a record's thumbnails stand. */
export const THUMBS = { none: 0, pending: 1, made: 2, failed: 3 } as const;

/** Where a record's bytes are in storage. */
export const bytesKeyOf = (f: Pick<StoredFile, 'path' | 'storageKey'>): string =>
  f.storageKey ?? f.path.slice(1);
