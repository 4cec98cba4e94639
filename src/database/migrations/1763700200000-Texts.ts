import { MigrationInterface, QueryRunner, Table } from 'typeorm';
import { idType, longText, foreignKey } from '../migration-helpers';

/** Text shares: the content of a link of kind `text` (1:1, gone with its link). */
export class Texts1763700200000 implements MigrationInterface {
  name = 'Texts1763700200000';

  async up(qr: QueryRunner): Promise<void> {
    await qr.createTable(
      new Table({
        name: 'texts',
        columns: [
          { name: 'link_id', type: idType(qr), isPrimary: true },
          { name: 'text_type', type: 'varchar', length: '16' },
          { name: 'language', type: 'varchar', length: '40', isNullable: true },
          longText(qr, 'content'),
          { name: 'size_bytes', type: 'integer' },
          { name: 'burn_after_read', type: 'boolean', default: false },
        ],
        foreignKeys: [foreignKey('link_id', 'links')],
      }),
    );
  }

  async down(qr: QueryRunner): Promise<void> {
    await qr.dropTable('texts');
  }
}
