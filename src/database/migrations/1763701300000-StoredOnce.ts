import { MigrationInterface, QueryRunner, TableColumn, TableIndex } from 'typeorm';
import { binaryString } from '../migration-helpers';

/**
 * - files (sha256, size): a new upload finds identical bytes stored already, by any account,
 *   and uses them instead of a second copy.
 * - upload_sessions.store_key: where a resumable upload's bytes are on S3 (the tus S3 store
 *   writes them under the same date layout as normal uploads); null: the upload id (local).
 */
export class StoredOnce1763701300000 implements MigrationInterface {
  name = 'StoredOnce1763701300000';

  async up(qr: QueryRunner): Promise<void> {
    await qr.createIndex(
      'files',
      new TableIndex({ name: 'ix_files_sha256', columnNames: ['sha256', 'size'] }),
    );
    await qr.addColumn(
      'upload_sessions',
      new TableColumn(binaryString(qr, 'store_key', 160, true)),
    );
  }

  async down(qr: QueryRunner): Promise<void> {
    await qr.dropColumn('upload_sessions', 'store_key');
    await qr.dropIndex('files', 'ix_files_sha256');
  }
}
