import { MigrationInterface, QueryRunner } from 'typeorm';
import { fillLinkSearch, MYSQL_UP, SQLITE_UP } from './1763703200000-LinkSearch';

const mysql = (qr: Queries) => qr.connection.options.type === 'mysql';

interface Queries {
  connection: { options: { type: string } };
  query(sql: string, params?: unknown[]): Promise<unknown>;
}

/**
 * SQLite: a contentless FTS5 table (rows are the links' ids; nothing but the index is kept), a
 * link's row deleted with it by a trigger (FK cascades fire it too).
 */
const SQLITE_UP_NOW = [
  "CREATE VIRTUAL TABLE links_search USING fts5(words, content='', contentless_delete=1)",
  'CREATE TRIGGER links_search_forget AFTER DELETE ON links BEGIN ' +
    'DELETE FROM links_search WHERE rowid = old.id; END',
];

/** MySQL: the words with a FULLTEXT index, going with their link by the foreign key. */
const MYSQL_UP_NOW =
  'CREATE TABLE links_search (link_id bigint NOT NULL PRIMARY KEY, words text NOT NULL, ' +
  'FULLTEXT INDEX ft_links_search (words), CONSTRAINT fk_links_search_link FOREIGN KEY ' +
  '(link_id) REFERENCES links (id) ON DELETE CASCADE) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4';

const LINKS_A_STEP = 10_000;
const ROWS_A_STATEMENT = 500;

/**
 * The words of a link as the index holds them, each once, its account's id in front (as
 * `indexedWords` in src/links/link-search.ts makes them; copied, so that this migration keeps
 * writing what it wrote when the app's words change, and a later migration indexes again).
 */
const wordsOf = (accountId: number, title: string | null, url: string | null) =>
  [
    ...new Set(
      `${title ?? ''} ${url ?? ''}`
        .normalize('NFC')
        .toLowerCase()
        .match(/[\p{L}\p{N}]+/gu),
    ),
  ]
    .map((w) => `a${accountId}x${w}`)
    .join(' ');

type LinkRow = { id: number; account_id: number; title: string | null; target_url: string | null };

/**
 * Every link there is into the index, 10,000 ids a read (on MySQL each locks only the rows it
 * reads, for as long as it runs). The scale bench fills its links' with it too.
 */
export async function fillAccountSearchWords(qr: Queries): Promise<void> {
  const [{ last }] = (await qr.query('SELECT COALESCE(MAX(id), 0) AS last FROM links')) as {
    last: number | string;
  }[];
  const id = mysql(qr) ? 'link_id' : 'rowid';
  for (let from = 1; from <= Number(last); from += LINKS_A_STEP) {
    const links = (await qr.query(
      'SELECT id, account_id, title, target_url FROM links WHERE id >= ? AND id < ? ORDER BY id',
      [from, from + LINKS_A_STEP],
    )) as LinkRow[];
    for (let i = 0; i < links.length; i += ROWS_A_STATEMENT) {
      const rows = links.slice(i, i + ROWS_A_STATEMENT);
      await qr.query(
        `INSERT INTO links_search (${id}, words) VALUES ${rows.map(() => '(?, ?)').join(', ')}`,
        rows.flatMap((l) => [Number(l.id), wordsOf(Number(l.account_id), l.title, l.target_url)]),
      );
    }
  }
}

/**
 * The full-text index of links holds each word with its account's id in front, so that a search
 * reads its own account's entries of a word only (at 10 million links a common word stood in
 * 600,000 titles: seconds on MySQL, 260 ms at p99 on SQLite). Both databases' index is now
 * written by the app (LinkSearchRepository); SQLite's triggers that copied titles go.
 */
export class AccountSearchWords1763703300000 implements MigrationInterface {
  name = 'AccountSearchWords1763703300000';

  async up(qr: QueryRunner): Promise<void> {
    if (mysql(qr)) {
      await qr.query('DROP TABLE links_search');
      await qr.query(MYSQL_UP_NOW);
    } else {
      for (const t of ['insert', 'delete', 'update']) {
        await qr.query(`DROP TRIGGER links_search_${t}`);
      }
      await qr.query('DROP TABLE links_search');
      for (const sql of SQLITE_UP_NOW) await qr.query(sql);
    }
    await fillAccountSearchWords(qr);
  }

  async down(qr: QueryRunner): Promise<void> {
    if (mysql(qr)) {
      await qr.query('DROP TABLE links_search');
      await qr.query(MYSQL_UP);
      await fillLinkSearch(qr);
    } else {
      await qr.query('DROP TRIGGER links_search_forget');
      await qr.query('DROP TABLE links_search');
      for (const sql of SQLITE_UP) await qr.query(sql);
    }
  }
}
