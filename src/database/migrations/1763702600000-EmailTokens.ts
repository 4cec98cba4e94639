import { MigrationInterface, QueryRunner, Table, TableColumn, TableIndex } from 'typeorm';
import { cascadingTo, dateColumn, idColumn, refColumn } from '../migration-helpers';

/** Links sent by mail (password resets, address checks), and whether an address was checked. */
export class EmailTokens1763702600000 implements MigrationInterface {
  name = 'EmailTokens1763702600000';

  async up(qr: QueryRunner): Promise<void> {
    await qr.createTable(
      new Table({
        name: 'email_tokens',
        columns: [
          idColumn(qr),
          refColumn(qr, 'account_id'),
          { name: 'purpose', type: 'varchar', length: '16' },
          { name: 'token_hash', type: 'varchar', length: '64' },
          dateColumn(qr, 'expires_at'),
          dateColumn(qr, 'used_at', true),
          dateColumn(qr, 'created_at'),
        ],
        foreignKeys: [cascadingTo('accounts', 'account_id')],
        indices: [
          new TableIndex({
            name: 'ux_email_tokens_hash',
            columnNames: ['token_hash'],
            isUnique: true,
          }),
          new TableIndex({ name: 'ix_email_tokens_account', columnNames: ['account_id'] }),
        ],
      }),
    );
    // Accounts made before addresses were checked count as checked.
    if (!(await qr.hasColumn('accounts', 'email_verified_at'))) {
      await qr.addColumn('accounts', new TableColumn(dateColumn(qr, 'email_verified_at', true)));
    }
    await qr.query(
      'UPDATE accounts SET email_verified_at = created_at WHERE email_verified_at IS NULL',
    );
  }

  /** On SQLite the column stays (see Unfurl: a rebuilt `accounts` would take its rows' rows). */
  async down(qr: QueryRunner): Promise<void> {
    await qr.dropTable('email_tokens');
    if (qr.connection.options.type === 'better-sqlite3') return;
    await qr.dropColumn('accounts', 'email_verified_at');
  }
}
