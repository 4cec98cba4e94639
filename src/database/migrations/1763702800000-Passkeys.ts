import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';
import { binaryString, cascadingTo, dateColumn, idColumn, refColumn } from '../migration-helpers';

/** Accounts' passkeys (WebAuthn credentials). */
export class Passkeys1763702800000 implements MigrationInterface {
  name = 'Passkeys1763702800000';

  async up(qr: QueryRunner): Promise<void> {
    await qr.createTable(
      new Table({
        name: 'passkeys',
        columns: [
          idColumn(qr),
          refColumn(qr, 'account_id'),
          binaryString(qr, 'credential_id', 255),
          { name: 'public_key', type: 'text' },
          { name: 'counter', type: 'bigint', default: 0 },
          { name: 'transports', type: 'varchar', length: '100', isNullable: true },
          { name: 'name', type: 'varchar', length: '100' },
          dateColumn(qr, 'created_at'),
          dateColumn(qr, 'last_used_at', true),
        ],
        foreignKeys: [cascadingTo('accounts', 'account_id')],
        indices: [
          new TableIndex({
            name: 'ux_passkeys_credential',
            columnNames: ['credential_id'],
            isUnique: true,
          }),
          new TableIndex({ name: 'ix_passkeys_account', columnNames: ['account_id'] }),
        ],
      }),
    );
  }

  async down(qr: QueryRunner): Promise<void> {
    await qr.dropTable('passkeys');
  }
}
