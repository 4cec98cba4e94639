import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';
import { binaryString, dateColumn, foreignKey, longText, refColumn } from '../migration-helpers';

/**
 * Rollups of visits, kept for ever (raw visits go after ANALYTICS_RETENTION_DAYS): one row per
 * share, hour or UTC day, and people or bots, with the quarter-hours (zones at +05:30 or +05:45)
 * and every dimension's counts as JSON; the visitors seen per share and UTC day (for uniques;
 * pruned after two days, when their salt is gone); orphan visits per domain and path. Times are
 * Unix seconds. `visit_events` holds the Redis Stream ids of stored visits for a week, so an entry
 * two instances both took is stored once.
 */
export class VisitRollups1763700600000 implements MigrationInterface {
  name = 'VisitRollups1763700600000';

  async up(qr: QueryRunner): Promise<void> {
    const count = (name: string) => ({ name, type: 'bigint', default: 0 });
    const seconds = (name: string) => ({ name, type: 'bigint' });
    await qr.createTable(
      new Table({
        name: 'visit_events',
        columns: [
          { ...binaryString(qr, 'event_id', 40), isPrimary: true },
          dateColumn(qr, 'stored_at'),
        ],
        indices: [new TableIndex({ name: 'ix_visit_events_at', columnNames: ['stored_at'] })],
      }),
    );
    await qr.createTable(
      new Table({
        name: 'visit_rollups',
        columns: [
          { ...refColumn(qr, 'link_id'), isPrimary: true },
          { name: 'span', type: 'varchar', length: '1', isPrimary: true },
          { ...seconds('start'), isPrimary: true },
          { name: 'bot', type: 'boolean', isPrimary: true },
          refColumn(qr, 'account_id'),
          count('visits'),
          count('uniques'),
          { name: 'quarters', type: 'varchar', length: '200', isNullable: true },
          longText(qr, 'counts'),
        ],
        indices: [
          new TableIndex({
            name: 'ix_visit_rollups_account',
            columnNames: ['account_id', 'span', 'start'],
          }),
        ],
        foreignKeys: [foreignKey('link_id', 'links')],
      }),
    );
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
    await qr.createTable(
      new Table({
        name: 'orphan_visits',
        columns: [
          { ...refColumn(qr, 'domain_id'), isPrimary: true },
          { ...binaryString(qr, 'path', 255), isPrimary: true },
          count('visits'),
          count('bots'),
          dateColumn(qr, 'last_at'),
        ],
        foreignKeys: [foreignKey('domain_id', 'domains')],
      }),
    );
  }

  async down(qr: QueryRunner): Promise<void> {
    for (const table of ['orphan_visits', 'visitor_days', 'visit_rollups']) {
      await qr.dropTable(table);
    }
    await qr.dropTable('visit_events');
  }
}
