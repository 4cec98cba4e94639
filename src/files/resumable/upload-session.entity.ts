import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { bigintTransformer } from '../../common/bigint.transformer';

/** S.EE's progress statuses. */
export const SESSION_STATUS = { uploading: 1, completed: 2, failed: 3, cancelled: 4 } as const;

/** The share fields given at creation, applied when the last byte arrives. */
export interface SessionFields {
  domain?: string;
  custom_slug?: string;
  title?: string;
  /** The share password's hash, made when the upload began (never the password itself). */
  password_hash?: string;
  /** Sessions begun before passwords were hashed at once (read, never written). */
  password?: string;
  expire_at?: number;
  is_private?: boolean;
  /** Keep the photo's identifying metadata (else stripped when the last byte arrives). */
  keep_metadata?: boolean;
  /** Link previews may show the file (true when not given). */
  unfurl?: boolean;
  max_visits?: number;
  /** The bundle the file joins once it exists. */
  bundle_id?: number;
}

/** A resumable upload: its bytes sit in the tus store until the last one arrives. */
@Entity('upload_sessions')
export class UploadSession {
  @PrimaryGeneratedColumn() id!: number;
  /** The tus upload id (in the upload URL). */
  @Column({ name: 'upload_id', type: 'varchar', length: 32 }) uploadId!: string;
  @Column({ name: 'account_id', transformer: bigintTransformer }) accountId!: number;
  @Column({ name: 'file_name', type: 'varchar', length: 255 }) fileName!: string;
  @Column({ name: 'file_size', type: 'bigint', transformer: bigintTransformer }) fileSize!: number;
  @Column({ name: 'mime_type', type: 'varchar', length: 127, nullable: true })
  mimeType!: string | null;
  /** JSON of SessionFields; `{}` once the upload ended (applied, or given up). */
  @Column({ type: 'varchar', length: 4000 }) fields!: string;
  @Column({ type: 'smallint' }) status!: number;
  @Column({ name: 'file_id', type: 'bigint', nullable: true, transformer: bigintTransformer })
  fileId!: number | null;
  @Column({ name: 'created_at', type: 'datetime' }) createdAt!: Date;
  @Column({ name: 'updated_at', type: 'datetime' }) updatedAt!: Date;
  @Column({ name: 'expires_at', type: 'datetime' }) expiresAt!: Date;
}
