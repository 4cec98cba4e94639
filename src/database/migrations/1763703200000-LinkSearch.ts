import { MigrationInterface, QueryRunner, TableIndex } from 'typeorm';

const mysql = (qr: QueryRunner) => qr.connection.options.type === 'mysql';

/** SQLite's full-text index of links, kept by triggers (FTS5, its rows are the links' ids). */
export const SQLITE_UP = [
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
 * MySQL's: a table of its own beside `links` (a FULLTEXT index on `links` itself would rebuild
 * that table, writes held for minutes at 10 million links), kept by LinksRepository, its rows
 * going with their links by the foreign key.
 */
export const MYSQL_UP =
  'CREATE TABLE links_search (link_id bigint NOT NULL PRIMARY KEY, title varchar(255) NULL, ' +
  'target_url varchar(2048) NULL, FULLTEXT INDEX ft_links_search (title, target_url), ' +
  'CONSTRAINT fk_links_search_link FOREIGN KEY (link_id) REFERENCES links (id) ON DELETE CASCADE' +
  ') ENGINE=InnoDB DEFAULT CHARSET=utf8mb4';

const LINKS_A_STEP = 10_000;

interface Queries {
  query(sql: string, params?: unknown[]): Promise<unknown>;
}

/**
 * MySQL: every link there is into the search table, 10,000 ids a statement (each locks only the
 * rows it reads, for as long as it runs). The scale bench fills its links' with it too.
 */
export async function fillLinkSearch(qr: Queries): Promise<void> {
  const [{ last }] = (await qr.query('SELECT COALESCE(MAX(id), 0) AS last FROM links')) as {
    last: number | string;
  }[];
  for (let from = 1; from <= Number(last); from += LINKS_A_STEP) {
    await qr.query(
      'INSERT INTO links_search (link_id, title, target_url) ' +
        'SELECT id, title, target_url FROM links WHERE id >= ? AND id < ?',
      [from, from + LINKS_A_STEP],
    );
  }
}

/**
 * A search of an account's links by slug prefix (an index on the account's slugs) and by words
 * of titles and target URLs (SQLite FTS5 kept by triggers; MySQL FULLTEXT on its own table).
 */
export class LinkSearch1763703200000 implements MigrationInterface {
  name = 'LinkSearch1763703200000';

  async up(qr: QueryRunner): Promise<void> {
    await qr.createIndex(
      'links',
      new TableIndex({ name: 'ix_links_account_slug', columnNames: ['account_id', 'slug'] }),
    );
    if (mysql(qr)) {
      await qr.query(MYSQL_UP);
      await fillLinkSearch(qr);
    } else {
      for (const sql of SQLITE_UP) await qr.query(sql);
    }
  }

  async down(qr: QueryRunner): Promise<void> {
    if (mysql(qr)) {
      await qr.query('DROP TABLE links_search');
    } else {
      for (const t of ['insert', 'delete', 'update']) {
        await qr.query(`DROP TRIGGER links_search_${t}`);
      }
      await qr.query('DROP TABLE links_search');
    }
    await qr.dropIndex('links', 'ix_links_account_slug');
  }
}
