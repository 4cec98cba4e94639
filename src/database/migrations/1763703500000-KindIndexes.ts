import { MigrationInterface, QueryRunner, TableIndex } from 'typeorm';

const indexes = (qr: QueryRunner) => [
  // An account's shares of one kind (its texts, bio pages, bundles): through the account's index
  // alone, a million-link account of links read all of them to find its few texts (2.4 s).
  new TableIndex({ name: 'ix_links_account_kind', columnNames: ['account_id', 'kind', 'id'] }),
  // Its QR codes (S.EE's list and its total), as few among its links: 4.9 s the same way.
  new TableIndex({ name: 'ix_links_account_qr', columnNames: ['account_id', 'qr_code', 'id'] }),
  // The shares blocked one by one (the admin's takedowns), as few among all links: read them
  // all, 1.5 s at 10 M. SQLite indexes only them; MySQL has no partial index.
  new TableIndex({
    name: 'ix_links_blocked',
    columnNames: ['blocked_reason'],
    ...(qr.connection.options.type === 'mysql' ? {} : { where: 'blocked_reason IS NOT NULL' }),
  }),
];

/** Three indexes of links, built in place on MySQL (reads and writes go on). */
export class KindIndexes1763703500000 implements MigrationInterface {
  name = 'KindIndexes1763703500000';

  async up(qr: QueryRunner): Promise<void> {
    for (const index of indexes(qr)) await qr.createIndex('links', index);
  }

  async down(qr: QueryRunner): Promise<void> {
    for (const index of indexes(qr)) await qr.dropIndex('links', index.name!);
  }
}
