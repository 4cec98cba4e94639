import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';
import { binaryString, dateColumn, foreignKey, refColumn } from '../migration-helpers';

/** Browser log-ins of the account area, revocable server-side. */
export class WebSessions1763701400000 implements MigrationInterface {
  name = 'WebSessions1763701400000';

  async up(qr: QueryRunner): Promise<void> {
    await qr.createTable(
      new Table({
        name: 'web_sessions',
        columns: [
          { ...binaryString(qr, 'id', 64), isPrimary: true },
          refColumn(qr, 'account_id'),
          binaryString(qr, 'csrf_token', 64),
          { name: 'user_agent', type: 'varchar', length: '255' },
          dateColumn(qr, 'created_at'),
          dateColumn(qr, 'last_seen_at'),
          dateColumn(qr, 'expires_at'),
        ],
        indices: [new TableIndex({ name: 'ix_web_sessions_account', columnNames: ['account_id'] })],
        foreignKeys: [foreignKey('account_id', 'accounts')],
      }),
    );
  }

  async down(qr: QueryRunner): Promise<void> {
    await qr.dropTable('web_sessions');
  }
}
