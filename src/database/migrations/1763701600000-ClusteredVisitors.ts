import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * SQLite: the visitors of the day become a WITHOUT ROWID table, stored in the order of its key as
 * InnoDB stores every table: its rows are nothing but that key, which was stored twice (table
 * and index) and read with two seeks. The rollups stay as they are: their rows hold JSON counts
 * of up to kilobytes, which a WITHOUT ROWID table moves to overflow pages far sooner (a 90-day
 * stats query over rows like that took three times as long). MySQL: nothing to do.
 */
export class ClusteredVisitors1763701600000 implements MigrationInterface {
  name = 'ClusteredVisitors1763701600000';

  async up(qr: QueryRunner): Promise<void> {
    if (qr.connection.options.type === 'mysql') return;
    await rebuild(qr, 'visitor_days', (sql) => `${sql} WITHOUT ROWID`);
  }

  async down(qr: QueryRunner): Promise<void> {
    if (qr.connection.options.type === 'mysql') return;
    await rebuild(qr, 'visitor_days', (sql) => sql.replace(/\s*WITHOUT ROWID\s*$/i, ''));
  }
}

/**
 * Rebuilds a SQLite table from its own CREATE statement, changed by `change`: the rows are
 * copied, and its indexes made again from theirs.
 */
export async function rebuild(qr: QueryRunner, table: string, change: (sql: string) => string) {
  const schema = (await qr.query(
    'SELECT type, sql FROM sqlite_master WHERE tbl_name = ? AND sql IS NOT NULL',
    [table],
  )) as { type: string; sql: string }[];
  const create = schema.find((s) => s.type === 'table')!.sql;
  const temp = `${table}_rebuilt`;
  await qr.query(change(create.replace(`"${table}"`, `"${temp}"`)));
  await qr.query(`INSERT INTO "${temp}" SELECT * FROM "${table}"`);
  await qr.query(`DROP TABLE "${table}"`);
  await qr.query(`ALTER TABLE "${temp}" RENAME TO "${table}"`);
  for (const index of schema.filter((s) => s.type === 'index')) await qr.query(index.sql);
}
