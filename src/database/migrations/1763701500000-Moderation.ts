import { MigrationInterface, QueryRunner, Table, TableColumn, TableIndex } from 'typeorm';
import { dateColumn, foreignKey, idColumn, refColumn } from '../migration-helpers';

/**
 * Moderation: an account an admin disabled (its tokens and sessions stop working); a share taken
 * down (it answers 410 with the reason); reports of abuse sent from the public pages.
 */
export class Moderation1763701500000 implements MigrationInterface {
  name = 'Moderation1763701500000';

  async up(qr: QueryRunner): Promise<void> {
    await qr.addColumn('accounts', new TableColumn(dateColumn(qr, 'disabled_at', true)));
    await qr.addColumn(
      'links',
      new TableColumn({ name: 'blocked_reason', type: 'varchar', length: '300', isNullable: true }),
    );
    await qr.createTable(
      new Table({
        name: 'abuse_reports',
        columns: [
          idColumn(qr),
          refColumn(qr, 'link_id'),
          { name: 'reason', type: 'varchar', length: '32' },
          { name: 'details', type: 'varchar', length: '2000' },
          { name: 'reporter_email', type: 'varchar', length: '254', isNullable: true },
          { name: 'status', type: 'varchar', length: '16' },
          dateColumn(qr, 'created_at'),
          dateColumn(qr, 'resolved_at', true),
        ],
        indices: [
          new TableIndex({ name: 'ix_abuse_reports_status', columnNames: ['status', 'id'] }),
        ],
        foreignKeys: [foreignKey('link_id', 'links')],
      }),
    );
  }

  async down(qr: QueryRunner): Promise<void> {
    await qr.dropTable('abuse_reports');
    await qr.dropColumn('links', 'blocked_reason');
    await qr.dropColumn('accounts', 'disabled_at');
  }
}
