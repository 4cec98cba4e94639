import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';
import { cascadingTo, dateColumn, idColumn, refColumn } from '../migration-helpers';

/** Each account's security log. */
export class SecurityLog1763702400000 implements MigrationInterface {
  name = 'SecurityLog1763702400000';

  async up(qr: QueryRunner): Promise<void> {
    await qr.createTable(
      new Table({
        name: 'security_events',
        columns: [
          idColumn(qr),
          refColumn(qr, 'account_id'),
          { name: 'type', type: 'varchar', length: '40' },
          { name: 'method', type: 'varchar', length: '60', isNullable: true },
          { name: 'success', type: 'boolean', default: true },
          { name: 'device', type: 'varchar', length: '100', isNullable: true },
          { name: 'detail', type: 'varchar', length: '100', isNullable: true },
          dateColumn(qr, 'created_at'),
        ],
        foreignKeys: [cascadingTo('accounts', 'account_id')],
        indices: [
          new TableIndex({ name: 'ix_security_events_account', columnNames: ['account_id', 'id'] }),
          new TableIndex({ name: 'ix_security_events_created', columnNames: ['created_at'] }),
        ],
      }),
    );
  }

  async down(qr: QueryRunner): Promise<void> {
    await qr.dropTable('security_events');
  }
}
