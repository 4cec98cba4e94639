import { MigrationInterface, QueryRunner, TableIndex } from 'typeorm';

const mysql = (qr: QueryRunner) => qr.connection.options.type === 'mysql';

/** SQLite's full-text index of links, kept by triggers (FTS5, its rows are the links' ids). */
const SQLITE_UP = [
  "CREATE VIRTUAL TABLE links_search USING fts5(title, target_url, content='links', " +
    "content_rowid='id')",
  'CREATE TRIGGER links_search_insert AFTER INSERT ON links BEGIN ' +
    'INSERT INTO links_search (rowid, title, target_url) ' +
    'VALUES (new.id, new.title, new.target_url); END',
  'CREATE TRIGGER links_search_delete AFTER DELETE ON links BEGIN ' +
    "INSERT INTO links_search (links_search, rowid, title, target_url) VALUES ('delete', " +
    'old.id, old.title, old.target_url); END',
  'CREATE TRIGGER links_search_update AFTER UPDATE OF title, target_url ON links BEGIN ' +
    "INSERT INTO links_search (links_search, rowid, title, target_url) VALUES ('delete', " +
    'old.id, old.title, old.target_url); ' +
    'INSERT INTO links_search (rowid, title, target_url) ' +
    'VALUES (new.id, new.title, new.target_url); END',
  // Every link there is, indexed once.
  "INSERT INTO links_search (links_search) VALUES ('rebuild')",
];

/**
 * A search of an account's links by slug prefix (an index on the account's slugs) and by words
 * of titles and target URLs (SQLite FTS5, MySQL FULLTEXT). On MySQL the first FULLTEXT index of a
 * table rebuilds it, writes held meanwhile: minutes at 10 million links (docs/operations.md).
 */
export class LinkSearch1763703200000 implements MigrationInterface {
  name = 'LinkSearch1763703200000';

  async up(qr: QueryRunner): Promise<void> {
    await qr.createIndex(
      'links',
      new TableIndex({ name: 'ix_links_account_slug', columnNames: ['account_id', 'slug'] }),
    );
    if (mysql(qr)) {
      await qr.query('ALTER TABLE links ADD FULLTEXT INDEX ft_links_search (title, target_url)');
    } else {
      for (const sql of SQLITE_UP) await qr.query(sql);
    }
  }

  async down(qr: QueryRunner): Promise<void> {
    if (mysql(qr)) {
      await qr.query('ALTER TABLE links DROP INDEX ft_links_search');
    } else {
      for (const t of ['insert', 'delete', 'update']) {
        await qr.query(`DROP TRIGGER links_search_${t}`);
      }
      await qr.query('DROP TABLE links_search');
    }
    await qr.dropIndex('links', 'ix_links_account_slug');
  }
}
