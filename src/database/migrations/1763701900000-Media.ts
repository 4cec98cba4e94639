import { MigrationInterface, QueryRunner, TableColumn, TableIndex } from 'typeorm';
import { binaryString } from '../migration-helpers';

/** The image types thumbnails are made of (files/media/thumbnails.ts), when this ran. */
const THUMBNAILED = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/gif',
  'image/avif',
  'image/tiff',
];

/**
 * Files as media:
 * - files.upload_sha256: the SHA-256 of the bytes as uploaded, when metadata stripping makes the
 *   stored bytes (files.sha256) differ; an upload of the same file is found by it. Filled with
 *   sha256 for files stored before (nothing was stripped then).
 * - files.kept_metadata: the uploader asked to keep the photo's metadata, and it had some.
 * - files.thumbs: whether thumbnails are made (0 none, 1 pending, 2 made, 3 failed); images
 *   stored before are pending, made when first asked for.
 */
export class Media1763701900000 implements MigrationInterface {
  name = 'Media1763701900000';

  async up(qr: QueryRunner): Promise<void> {
    await qr.addColumn('files', new TableColumn(binaryString(qr, 'upload_sha256', 64, true)));
    await qr.query('UPDATE files SET upload_sha256 = sha256');
    await qr.addColumns('files', [
      new TableColumn({ name: 'kept_metadata', type: 'boolean', default: false }),
      new TableColumn({ name: 'thumbs', type: 'smallint', default: 0 }),
    ]);
    await qr.query(
      `UPDATE files SET thumbs = 1 WHERE mime IN (${THUMBNAILED.map(() => '?').join(', ')})`,
      THUMBNAILED,
    );
    await qr.dropIndex('files', 'ix_files_account_sha');
    await qr.createIndex(
      'files',
      new TableIndex({
        name: 'ix_files_account_upload_sha',
        columnNames: ['account_id', 'upload_sha256'],
      }),
    );
  }

  async down(qr: QueryRunner): Promise<void> {
    await qr.dropIndex('files', 'ix_files_account_upload_sha');
    await qr.createIndex(
      'files',
      new TableIndex({ name: 'ix_files_account_sha', columnNames: ['account_id', 'sha256'] }),
    );
    await qr.dropColumns('files', ['upload_sha256', 'kept_metadata', 'thumbs']);
  }
}
