import { MigrationInterface, QueryRunner, Table, TableColumn, TableIndex } from 'typeorm';
import { cascadingTo, dateColumn, idColumn, refColumn } from '../migration-helpers';

const sqlite = (qr: QueryRunner) => qr.connection.options.type === 'better-sqlite3';

const LINK_COLUMNS = (qr: QueryRunner) => [
  new TableColumn({ name: 'rules', type: 'text', isNullable: true }),
  new TableColumn({ name: 'variants', type: 'text', isNullable: true }),
  new TableColumn({ name: 'winner_after', type: 'integer', isNullable: true }),
  new TableColumn({ name: 'winner_goal_id', type: 'integer', isNullable: true }),
  new TableColumn({ name: 'forward_query', type: 'boolean', default: false }),
  new TableColumn({ name: 'visitor_query_wins', type: 'boolean', default: false }),
  new TableColumn({ name: 'utm', type: 'varchar', length: '1100', isNullable: true }),
  new TableColumn({ name: 'max_visits', type: 'integer', isNullable: true }),
  new TableColumn({ name: 'visits_taken', type: 'integer', default: 0 }),
  new TableColumn({ name: 'watch_target', type: 'boolean', default: false }),
  new TableColumn({ name: 'fallback_url', type: 'varchar', length: '2048', isNullable: true }),
  new TableColumn({ name: 'health_status', type: 'varchar', length: '10', default: "'unchecked'" }),
  new TableColumn({ name: 'health_http_status', type: 'integer', isNullable: true }),
  new TableColumn({ name: 'health_failures', type: 'integer', default: 0 }),
  new TableColumn(dateColumn(qr, 'health_checked_at', true)),
  new TableColumn(dateColumn(qr, 'health_next_at', true)),
];

const VISIT_COLUMNS = [
  new TableColumn({ name: 'variant', type: 'varchar', length: '8', isNullable: true }),
  new TableColumn({ name: 'utm_source', type: 'varchar', length: '100', isNullable: true }),
  new TableColumn({ name: 'utm_medium', type: 'varchar', length: '100', isNullable: true }),
  new TableColumn({ name: 'utm_campaign', type: 'varchar', length: '100', isNullable: true }),
];

const ACCOUNT_COLUMNS = [
  new TableColumn({ name: 'watch_targets', type: 'boolean', default: false }),
];

/**
 * Columns at the end of a table: instant on MariaDB, and on SQLite a plain `ADD COLUMN` (TypeORM
 * would rebuild the table: slow on millions of rows, and a rebuilt `links` outside the migration
 * run would take every row that points to it along). On SQLite they stay on revert, as
 * links.unfurl does, and are added only when missing.
 */
async function addColumns(qr: QueryRunner, table: string, columns: TableColumn[]) {
  const missing: TableColumn[] = [];
  for (const c of columns) if (!(await qr.hasColumn(table, c.name))) missing.push(c);
  if (!sqlite(qr)) return missing.length ? qr.addColumns(table, missing) : undefined;
  for (const c of missing) {
    const type = c.length ? `${c.type}(${c.length})` : c.type;
    const constraint = c.isNullable ? '' : ` NOT NULL DEFAULT (${sqlDefault(c.default)})`;
    await qr.query(`ALTER TABLE "${table}" ADD COLUMN "${c.name}" ${type}${constraint}`);
  }
}

const sqlDefault = (v: unknown) => (typeof v === 'boolean' ? Number(v) : String(v));

export class LinkRules1763703000000 implements MigrationInterface {
  name = 'LinkRules1763703000000';

  async up(qr: QueryRunner): Promise<void> {
    await addColumns(qr, 'links', LINK_COLUMNS(qr));
    await addColumns(qr, 'accounts', ACCOUNT_COLUMNS);
    await addColumns(qr, 'visits', VISIT_COLUMNS);
    // Only watched links have a next check; only split links wait for a winner.
    await qr.createIndex(
      'links',
      new TableIndex({ name: 'ix_links_health_next', columnNames: ['health_next_at'] }),
    );
    await qr.createIndex(
      'links',
      new TableIndex({ name: 'ix_links_winner', columnNames: ['winner_after'] }),
    );
    await qr.createTable(
      new Table({
        name: 'link_health_checks',
        columns: [
          idColumn(qr),
          refColumn(qr, 'link_id'),
          dateColumn(qr, 'checked_at'),
          { name: 'outcome', type: 'varchar', length: '10' },
          { name: 'http_status', type: 'integer', isNullable: true },
          { name: 'error', type: 'varchar', length: '200', isNullable: true },
        ],
        foreignKeys: [cascadingTo('links', 'link_id')],
        indices: [
          new TableIndex({ name: 'ix_link_health_checks_link', columnNames: ['link_id', 'id'] }),
        ],
      }),
    );
  }

  async down(qr: QueryRunner): Promise<void> {
    await qr.dropTable('link_health_checks');
    await qr.dropIndex('links', 'ix_links_winner');
    await qr.dropIndex('links', 'ix_links_health_next');
    if (sqlite(qr)) return;
    await qr.dropColumns(
      'visits',
      VISIT_COLUMNS.map((c) => c.name),
    );
    await qr.dropColumns(
      'accounts',
      ACCOUNT_COLUMNS.map((c) => c.name),
    );
    await qr.dropColumns(
      'links',
      LINK_COLUMNS(qr).map((c) => c.name),
    );
  }
}
