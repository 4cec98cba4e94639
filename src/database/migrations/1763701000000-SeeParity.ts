import { MigrationInterface, QueryRunner, Table, TableColumn } from 'typeorm';
import { dateColumn, foreignKey, longText, refColumn } from '../migration-helpers';

/**
 * What S.EE's clients expect of an account: day and month counters with plan limits, private
 * files, QR-code links and link-in-bio pages.
 */
export class SeeParity1763701000000 implements MigrationInterface {
  name = 'SeeParity1763701000000';

  async up(qr: QueryRunner): Promise<void> {
    await qr.createTable(
      new Table({
        name: 'usage_counters',
        columns: [
          { ...refColumn(qr, 'account_id'), isPrimary: true },
          // `2026-11-22` for a UTC day, `2026-11` for a month.
          { name: 'period', type: 'varchar', length: '10', isPrimary: true },
          { name: 'metric', type: 'varchar', length: '8', isPrimary: true },
          { name: 'count', type: 'int' },
        ],
        foreignKeys: [foreignKey('account_id', 'accounts')],
      }),
    );
    await qr.addColumn(
      'plans',
      new TableColumn({ name: 'usage_limits', type: 'varchar', length: '255', isNullable: true }),
    );
    await qr.addColumn(
      'files',
      new TableColumn({ name: 'is_private', type: 'boolean', default: false }),
    );
    await qr.addColumn(
      'links',
      new TableColumn({ name: 'qr_code', type: 'boolean', default: false }),
    );
    await qr.createTable(
      new Table({
        name: 'bio_pages',
        columns: [
          { ...refColumn(qr, 'link_id'), isPrimary: true },
          { name: 'description', type: 'varchar', length: '1000' },
          longText(qr, 'custom_links'),
          { name: 'mastodon_url', type: 'varchar', length: '2048' },
          { name: 'rss_url', type: 'varchar', length: '2048' },
          dateColumn(qr, 'updated_at'),
        ],
        foreignKeys: [foreignKey('link_id', 'links')],
      }),
    );
  }

  async down(qr: QueryRunner): Promise<void> {
    await qr.dropTable('bio_pages');
    await qr.dropColumn('links', 'qr_code');
    await qr.dropColumn('files', 'is_private');
    await qr.dropColumn('plans', 'usage_limits');
    await qr.dropTable('usage_counters');
  }
}
