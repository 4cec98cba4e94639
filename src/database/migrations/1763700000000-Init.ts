import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';
import {
  binaryString,
  dateColumn,
  idColumn,
  refColumn,
  timestamps,
  foreignKey,
} from '../migration-helpers';

export class Init1763700000000 implements MigrationInterface {
  name = 'Init1763700000000';

  async up(qr: QueryRunner): Promise<void> {
    await qr.createTable(
      new Table({
        name: 'plans',
        columns: [
          idColumn(qr),
          { name: 'code', type: 'varchar', length: '32', isUnique: true },
          { name: 'name', type: 'varchar', length: '64' },
          { name: 'max_file_bytes', type: 'bigint' },
          { name: 'storage_quota_bytes', type: 'bigint' },
        ],
      }),
    );
    await qr.createTable(
      new Table({
        name: 'accounts',
        columns: [
          idColumn(qr),
          { name: 'email', type: 'varchar', length: '254' },
          { name: 'password_hash', type: 'varchar', length: '255' },
          refColumn(qr, 'plan_id'),
          dateColumn(qr, 'plan_expires_at', true),
          { name: 'is_admin', type: 'boolean', default: false },
          { name: 'storage_bytes', type: 'bigint', default: 0 },
          ...timestamps(qr),
        ],
        indices: [
          new TableIndex({ name: 'uq_accounts_email', columnNames: ['email'], isUnique: true }),
        ],
        foreignKeys: [foreignKey('plan_id', 'plans', 'NO ACTION')],
      }),
    );
    await qr.createTable(
      new Table({
        name: 'api_tokens',
        columns: [
          idColumn(qr),
          refColumn(qr, 'account_id'),
          { name: 'name', type: 'varchar', length: '100' },
          { name: 'prefix', type: 'varchar', length: '16' },
          binaryString(qr, 'token_hash', 64),
          dateColumn(qr, 'last_used_at', true),
          dateColumn(qr, 'revoked_at', true),
          dateColumn(qr, 'created_at'),
        ],
        indices: [
          new TableIndex({
            name: 'uq_api_tokens_hash',
            columnNames: ['token_hash'],
            isUnique: true,
          }),
          new TableIndex({ name: 'ix_api_tokens_account', columnNames: ['account_id'] }),
        ],
        foreignKeys: [foreignKey('account_id', 'accounts')],
      }),
    );
  }

  async down(qr: QueryRunner): Promise<void> {
    await qr.dropTable('api_tokens');
    await qr.dropTable('accounts');
    await qr.dropTable('plans');
  }
}
