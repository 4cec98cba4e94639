import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';
import { cascadingTo, dateColumn, idColumn, refColumn } from '../migration-helpers';

/** Two-factor codes: an authenticator app's secret per account, and its recovery codes. */
export class TwoFactor1763702300000 implements MigrationInterface {
  name = 'TwoFactor1763702300000';

  async up(qr: QueryRunner): Promise<void> {
    await qr.createTable(
      new Table({
        name: 'two_factor',
        columns: [
          { ...refColumn(qr, 'account_id'), isPrimary: true },
          { name: 'secret', type: 'varchar', length: '64' },
          dateColumn(qr, 'enabled_at', true),
          { name: 'last_step', type: 'bigint', isNullable: true },
          dateColumn(qr, 'created_at'),
        ],
        foreignKeys: [cascadingTo('accounts', 'account_id')],
      }),
    );
    await qr.createTable(
      new Table({
        name: 'recovery_codes',
        columns: [
          idColumn(qr),
          refColumn(qr, 'account_id'),
          { name: 'code_hash', type: 'varchar', length: '64' },
          dateColumn(qr, 'used_at', true),
        ],
        foreignKeys: [cascadingTo('accounts', 'account_id')],
        indices: [
          new TableIndex({ name: 'ix_recovery_codes_account', columnNames: ['account_id'] }),
        ],
      }),
    );
  }

  async down(qr: QueryRunner): Promise<void> {
    await qr.dropTable('recovery_codes');
    await qr.dropTable('two_factor');
  }
}
