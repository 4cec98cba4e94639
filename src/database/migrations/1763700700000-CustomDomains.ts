import { MigrationInterface, QueryRunner, Table, TableColumn, TableIndex } from 'typeorm';
import { binaryString, dateColumn, foreignKey, idColumn, refColumn } from '../migration-helpers';

/** Accounts' claims on their own hosts (verified through DNS), and how many a plan allows. */
export class CustomDomains1763700700000 implements MigrationInterface {
  name = 'CustomDomains1763700700000';

  async up(qr: QueryRunner): Promise<void> {
    await qr.createTable(
      new Table({
        name: 'custom_domains',
        columns: [
          idColumn(qr),
          refColumn(qr, 'account_id'),
          { name: 'host', type: 'varchar', length: '253' },
          { name: 'status', type: 'varchar', length: '10' },
          binaryString(qr, 'token', 64),
          refColumn(qr, 'domain_id', true),
          { name: 'root_redirect_url', type: 'varchar', length: '2048', isNullable: true },
          { name: 'not_found_redirect_url', type: 'varchar', length: '2048', isNullable: true },
          dateColumn(qr, 'created_at'),
          dateColumn(qr, 'verified_at', true),
          dateColumn(qr, 'checked_at', true),
          dateColumn(qr, 'next_check_at', true),
          dateColumn(qr, 'txt_missing_since', true),
        ],
        indices: [
          new TableIndex({ name: 'ix_custom_domains_account', columnNames: ['account_id'] }),
          new TableIndex({ name: 'ix_custom_domains_host', columnNames: ['host'] }),
          new TableIndex({ name: 'ix_custom_domains_check', columnNames: ['next_check_at'] }),
        ],
        foreignKeys: [
          foreignKey('account_id', 'accounts'),
          foreignKey('domain_id', 'domains', 'RESTRICT'),
        ],
      }),
    );
    await qr.addColumn(
      'plans',
      new TableColumn({ name: 'max_custom_domains', type: 'int', default: 1 }),
    );
  }

  async down(qr: QueryRunner): Promise<void> {
    await qr.dropColumn('plans', 'max_custom_domains');
    await qr.dropTable('custom_domains');
  }
}
