import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';
import { binaryString, dateColumn, foreignKey, idColumn, refColumn } from '../migration-helpers';

/** Raw visits of every kind of share: no IP, a daily-salted visitor hash; gone with the link. */
export class Visits1763700500000 implements MigrationInterface {
  name = 'Visits1763700500000';

  async up(qr: QueryRunner): Promise<void> {
    await qr.createTable(
      new Table({
        name: 'visits',
        columns: [
          idColumn(qr),
          refColumn(qr, 'link_id'),
          refColumn(qr, 'account_id'),
          refColumn(qr, 'domain_id'),
          { name: 'kind', type: 'varchar', length: '16' },
          dateColumn(qr, 'at'),
          { name: 'is_bot', type: 'boolean' },
          { name: 'qr', type: 'boolean' },
          { name: 'referrer_host', type: 'varchar', length: '255', isNullable: true },
          { name: 'referrer_url', type: 'varchar', length: '512', isNullable: true },
          { name: 'country', type: 'varchar', length: '2', isNullable: true },
          { name: 'browser', type: 'varchar', length: '40', isNullable: true },
          { name: 'os', type: 'varchar', length: '40', isNullable: true },
          { name: 'device', type: 'varchar', length: '10' },
          { name: 'language', type: 'varchar', length: '35', isNullable: true },
          binaryString(qr, 'visitor_hash', 16),
        ],
        indices: [
          // One index: every write pays for each, and visits are written thousands a second.
          new TableIndex({ name: 'ix_visits_link_at', columnNames: ['link_id', 'at'] }),
        ],
        foreignKeys: [foreignKey('link_id', 'links')],
      }),
    );
  }

  async down(qr: QueryRunner): Promise<void> {
    await qr.dropTable('visits');
  }
}
