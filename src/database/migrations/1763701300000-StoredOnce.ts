import { MigrationInterface, QueryRunner, TableIndex } from 'typeorm';

/**
 * files (sha256, size): a new upload finds identical bytes stored already, by any account, and
 * uses them instead of a second copy.
 */
export class StoredOnce1763701300000 implements MigrationInterface {
  name = 'StoredOnce1763701300000';

  async up(qr: QueryRunner): Promise<void> {
    await qr.createIndex(
      'files',
      new TableIndex({ name: 'ix_files_sha256', columnNames: ['sha256', 'size'] }),
    );
  }

  async down(qr: QueryRunner): Promise<void> {
    await qr.dropIndex('files', 'ix_files_sha256');
  }
}
