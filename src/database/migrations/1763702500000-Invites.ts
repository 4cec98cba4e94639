import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';
import { dateColumn, idColumn, refColumn } from '../migration-helpers';

/** Invitations to sign up (AUTH_SIGNUP=invite). */
export class Invites1763702500000 implements MigrationInterface {
  name = 'Invites1763702500000';

  async up(qr: QueryRunner): Promise<void> {
    await qr.createTable(
      new Table({
        name: 'invites',
        columns: [
          idColumn(qr),
          { name: 'token_hash', type: 'varchar', length: '64' },
          { name: 'uses_left', type: 'int' },
          dateColumn(qr, 'expires_at', true),
          { name: 'plan_code', type: 'varchar', length: '32', isNullable: true },
          refColumn(qr, 'created_by'),
          dateColumn(qr, 'created_at'),
          dateColumn(qr, 'revoked_at', true),
        ],
        indices: [
          new TableIndex({ name: 'ux_invites_token', columnNames: ['token_hash'], isUnique: true }),
        ],
      }),
    );
  }

  async down(qr: QueryRunner): Promise<void> {
    await qr.dropTable('invites');
  }
}
