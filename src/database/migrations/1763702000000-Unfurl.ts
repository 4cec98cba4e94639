import { MigrationInterface, QueryRunner, TableColumn } from 'typeorm';

/**
 * links.unfurl: whether link previews (Open Graph, oEmbed) may show a share's content.
 * SQLite drops a column by rebuilding the table, and `links` is what every other table points
 * to: outside the migration run (which turns foreign keys off), a revert would delete their rows
 * with it. There the column stays on revert (the older code ignores it), and `up` adds it only
 * when it is not there.
 */
export class Unfurl1763702000000 implements MigrationInterface {
  name = 'Unfurl1763702000000';

  async up(qr: QueryRunner): Promise<void> {
    if (await qr.hasColumn('links', 'unfurl')) return;
    await qr.addColumn(
      'links',
      new TableColumn({ name: 'unfurl', type: 'boolean', default: true }),
    );
  }

  async down(qr: QueryRunner): Promise<void> {
    if (qr.connection.options.type === 'better-sqlite3') return;
    await qr.dropColumn('links', 'unfurl');
  }
}
