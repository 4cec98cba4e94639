import { MigrationInterface, QueryRunner, TableColumn } from 'typeorm';

/** links.unfurl: whether link previews (Open Graph, oEmbed) may show a share's content. */
export class Unfurl1763702000000 implements MigrationInterface {
  name = 'Unfurl1763702000000';

  async up(qr: QueryRunner): Promise<void> {
    await qr.addColumn(
      'links',
      new TableColumn({ name: 'unfurl', type: 'boolean', default: true }),
    );
  }

  async down(qr: QueryRunner): Promise<void> {
    await qr.dropColumn('links', 'unfurl');
  }
}
