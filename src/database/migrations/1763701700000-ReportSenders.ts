import { MigrationInterface, QueryRunner, TableColumn, TableIndex } from 'typeorm';

/**
 * Reports of abuse remember who sent them (a keyed hash of the address, never the address), so
 * one sender has one open report per share; and are read per share.
 */
export class ReportSenders1763701700000 implements MigrationInterface {
  name = 'ReportSenders1763701700000';

  async up(qr: QueryRunner): Promise<void> {
    await qr.addColumn(
      'abuse_reports',
      new TableColumn({ name: 'sender_key', type: 'varchar', length: '64', isNullable: true }),
    );
    // MySQL has an index on link_id already: its foreign key's.
    if (qr.connection.options.type === 'mysql') return;
    await qr.createIndex(
      'abuse_reports',
      new TableIndex({ name: 'ix_abuse_reports_link', columnNames: ['link_id', 'status'] }),
    );
  }

  async down(qr: QueryRunner): Promise<void> {
    if (qr.connection.options.type !== 'mysql') {
      await qr.dropIndex('abuse_reports', 'ix_abuse_reports_link');
    }
    await qr.dropColumn('abuse_reports', 'sender_key');
  }
}
