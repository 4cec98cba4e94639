import { MigrationInterface, QueryRunner, Table, TableForeignKey, TableIndex } from 'typeorm';
import { refColumn } from '../migration-helpers';

/** Bundles: several files shared under one address (a link of kind `bundle`). */
export class Bundles1763702100000 implements MigrationInterface {
  name = 'Bundles1763702100000';

  async up(qr: QueryRunner): Promise<void> {
    await qr.createTable(
      new Table({
        name: 'bundles',
        columns: [
          { ...refColumn(qr, 'link_id'), isPrimary: true },
          { name: 'is_private', type: 'boolean', default: false },
        ],
        foreignKeys: [
          new TableForeignKey({
            columnNames: ['link_id'],
            referencedTableName: 'links',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
          }),
        ],
      }),
    );
    await qr.createTable(
      new Table({
        name: 'bundle_files',
        columns: [
          { ...refColumn(qr, 'file_id'), isPrimary: true },
          refColumn(qr, 'bundle_id'),
          { name: 'position', type: 'int' },
        ],
        foreignKeys: [
          new TableForeignKey({
            columnNames: ['file_id'],
            referencedTableName: 'links',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
          }),
          new TableForeignKey({
            columnNames: ['bundle_id'],
            referencedTableName: 'links',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
          }),
        ],
        indices: [
          new TableIndex({
            name: 'ix_bundle_files_bundle',
            columnNames: ['bundle_id', 'position'],
          }),
        ],
      }),
    );
  }

  async down(qr: QueryRunner): Promise<void> {
    await qr.dropTable('bundle_files');
    await qr.dropTable('bundles');
  }
}
