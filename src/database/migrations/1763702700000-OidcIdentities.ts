import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';
import { cascadingTo, dateColumn, idColumn, refColumn } from '../migration-helpers';

/** Accounts' identities at OpenID providers (single sign-on). */
export class OidcIdentities1763702700000 implements MigrationInterface {
  name = 'OidcIdentities1763702700000';

  async up(qr: QueryRunner): Promise<void> {
    await qr.createTable(
      new Table({
        name: 'oidc_identities',
        columns: [
          idColumn(qr),
          refColumn(qr, 'account_id'),
          { name: 'provider', type: 'varchar', length: '64' },
          { name: 'subject', type: 'varchar', length: '255' },
          dateColumn(qr, 'created_at'),
        ],
        foreignKeys: [cascadingTo('accounts', 'account_id')],
        indices: [
          new TableIndex({
            name: 'ux_oidc_identities',
            columnNames: ['provider', 'subject'],
            isUnique: true,
          }),
          new TableIndex({ name: 'ix_oidc_identities_account', columnNames: ['account_id'] }),
        ],
      }),
    );
  }

  async down(qr: QueryRunner): Promise<void> {
    await qr.dropTable('oidc_identities');
  }
}
