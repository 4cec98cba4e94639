import { MigrationInterface, QueryRunner, Table } from 'typeorm';
import { binaryString, foreignKey, idType, refColumn } from '../migration-helpers';
import { visitorKey } from '../../common/visitor-key';
import { rebuild } from './1763701600000-ClusteredVisitors';

const DAY_MS = 86_400_000;
const A_STEP = 2000;

/**
 * The visitors of the day become one integer each (see visitorKey): recording a visit's visitor
 * was the writer's dearest step after the visit itself. Today's and yesterday's are copied, a
 * step at a time (on MySQL plain reads, which lock nothing, into a table nobody reads yet); older
 * ones count for nothing. Back down, the old table comes back empty: today's visitors then count
 * as unique once more today.
 */
export class VisitorKeys1763703400000 implements MigrationInterface {
  name = 'VisitorKeys1763703400000';

  async up(qr: QueryRunner): Promise<void> {
    await qr.createTable(
      new Table({
        name: 'visitor_keys',
        // SQLite: `integer PRIMARY KEY` is the rowid itself, the table its only tree.
        columns: [{ name: 'visitor_key', type: idType(qr), isPrimary: true }],
      }),
    );
    const yesterday = Math.floor(Date.now() / DAY_MS) - 1;
    for (const day of [yesterday, yesterday + 1]) await copyDay(qr, day);
    await qr.dropTable('visitor_days');
    await qr.renameTable('visitor_keys', 'visitor_days');
  }

  async down(qr: QueryRunner): Promise<void> {
    await qr.dropTable('visitor_days');
    await qr.createTable(
      new Table({
        name: 'visitor_days',
        columns: [
          { name: 'day', type: 'int', isPrimary: true },
          { ...refColumn(qr, 'link_id'), isPrimary: true },
          { ...binaryString(qr, 'visitor_hash', 16), isPrimary: true },
        ],
        foreignKeys: [foreignKey('link_id', 'links')],
      }),
    );
    if (qr.connection.options.type !== 'mysql') {
      await rebuild(qr, 'visitor_days', (sql) => `${sql} WITHOUT ROWID`);
    }
  }
}

/** A day's visitors into `visitor_keys`, A_STEP at a time in key order. */
async function copyDay(qr: QueryRunner, day: number): Promise<void> {
  const ignore = qr.connection.options.type === 'mysql' ? 'INSERT IGNORE' : 'INSERT OR IGNORE';
  let after: [number, string] = [0, ''];
  for (;;) {
    const rows = (await qr.query(
      'SELECT link_id, visitor_hash FROM visitor_days WHERE day = ? AND ' +
        '(link_id > ? OR (link_id = ? AND visitor_hash > ?)) ' +
        `ORDER BY link_id, visitor_hash LIMIT ${A_STEP}`,
      [day, after[0], after[0], after[1]],
    )) as { link_id: number | string; visitor_hash: string }[];
    if (rows.length === 0) return;
    const keys = rows.map((r) => visitorKey(day, Number(r.link_id), r.visitor_hash));
    await qr.query(
      `${ignore} INTO visitor_keys (visitor_key) VALUES ${keys.map(() => '(?)').join(',')}`,
      keys,
    );
    const last = rows[rows.length - 1];
    after = [Number(last.link_id), last.visitor_hash];
  }
}
