import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';
import { binaryString, dateColumn, idType, refColumn, foreignKey } from '../migration-helpers';

/** Uploaded files: the content of a link of kind `file` (1:1, gone with its link). */
export class Files1763700300000 implements MigrationInterface {
  name = 'Files1763700300000';

  async up(qr: QueryRunner): Promise<void> {
    await qr.createTable(
      new Table({
        name: 'files',
        columns: [
          { name: 'link_id', type: idType(qr), isPrimary: true },
          refColumn(qr, 'account_id'),
          { name: 'filename', type: 'varchar', length: '255' },
          binaryString(qr, 'storename', 64),
          // /<yyyy>/<mm>/<dd>/<random>/<storename>: the public path and the storage key
          binaryString(qr, 'path', 160),
          { name: 'mime', type: 'varchar', length: '127' },
          { name: 'size', type: 'bigint' },
          { name: 'width', type: 'integer', default: 0 },
          { name: 'height', type: 'integer', default: 0 },
          binaryString(qr, 'sha256', 64),
          binaryString(qr, 'delete_hash', 64),
          { name: 'upload_status', type: 'smallint', default: 2 },
          dateColumn(qr, 'created_at'),
        ],
        indices: [
          new TableIndex({ name: 'uq_files_path', columnNames: ['path'], isUnique: true }),
          new TableIndex({
            name: 'uq_files_delete_hash',
            columnNames: ['delete_hash'],
            isUnique: true,
          }),
          new TableIndex({ name: 'ix_files_account', columnNames: ['account_id', 'link_id'] }),
          new TableIndex({ name: 'ix_files_account_sha', columnNames: ['account_id', 'sha256'] }),
        ],
        foreignKeys: [foreignKey('link_id', 'links'), foreignKey('account_id', 'accounts')],
      }),
    );
  }

  async down(qr: QueryRunner): Promise<void> {
    await qr.dropTable('files');
  }
}
