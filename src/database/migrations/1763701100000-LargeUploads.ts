import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';
import { binaryString, dateColumn, foreignKey, idColumn, refColumn } from '../migration-helpers';

/** Resumable (tus) uploads in progress, their reserved bytes, and what they became. */
export class LargeUploads1763701100000 implements MigrationInterface {
  name = 'LargeUploads1763701100000';

  async up(qr: QueryRunner): Promise<void> {
    await qr.createTable(
      new Table({
        name: 'upload_sessions',
        columns: [
          idColumn(qr),
          binaryString(qr, 'upload_id', 32),
          refColumn(qr, 'account_id'),
          { name: 'file_name', type: 'varchar', length: '255' },
          { name: 'file_size', type: 'bigint' },
          { name: 'mime_type', type: 'varchar', length: '127', isNullable: true },
          // The share's fields (domain, alias, title, password, expiry, privacy) as JSON.
          { name: 'fields', type: 'varchar', length: '4000' },
          { name: 'status', type: 'smallint' },
          refColumn(qr, 'file_id', true),
          dateColumn(qr, 'created_at'),
          dateColumn(qr, 'updated_at'),
          dateColumn(qr, 'expires_at'),
        ],
        indices: [
          new TableIndex({
            name: 'ux_upload_sessions_upload',
            columnNames: ['upload_id'],
            isUnique: true,
          }),
          new TableIndex({
            name: 'ix_upload_sessions_expiry',
            columnNames: ['status', 'expires_at'],
          }),
        ],
        foreignKeys: [foreignKey('account_id', 'accounts')],
      }),
    );
  }

  async down(qr: QueryRunner): Promise<void> {
    await qr.dropTable('upload_sessions');
  }
}
