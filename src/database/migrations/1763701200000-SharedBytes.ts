import { MigrationInterface, QueryRunner, TableColumn, TableIndex } from 'typeorm';
import { binaryString } from '../migration-helpers';

/**
 * A file record may use stored bytes another record of the account already has (an upload
 * with a known `file_hash`): `storage_key` names them; null means the record's own path.
 */
export class SharedBytes1763701200000 implements MigrationInterface {
  name = 'SharedBytes1763701200000';

  async up(qr: QueryRunner): Promise<void> {
    await qr.addColumn('files', new TableColumn(binaryString(qr, 'storage_key', 160, true)));
    await qr.createIndex(
      'files',
      new TableIndex({ name: 'ix_files_storage_key', columnNames: ['storage_key'] }),
    );
  }

  async down(qr: QueryRunner): Promise<void> {
    await qr.dropIndex('files', 'ix_files_storage_key');
    await qr.dropColumn('files', 'storage_key');
  }
}
