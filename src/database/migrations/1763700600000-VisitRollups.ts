import { MigrationInterface, QueryRunner, Table, TableColumn, TableIndex } from 'typeorm';
import { binaryString, dateColumn, foreignKey, refColumn } from '../migration-helpers';

/**
 * Rollups of visits, kept for ever (raw visits go after ANALYTICS_RETENTION_DAYS): counts per
 * share and quarter-hour (every zone's hours and days, half- and quarter-hour offsets included,
 * are whole quarter-hours), per share, dimension and value by hour and by UTC day; the visitors
 * seen per share and UTC day (for uniques; pruned after two days, when their salt is gone); orphan
 * visits per domain and path. Times are Unix seconds. `visits.event_id` makes a redelivered event
 * (Redis Stream) a no-op.
 */
export class VisitRollups1763700600000 implements MigrationInterface {
  name = 'VisitRollups1763700600000';

  async up(qr: QueryRunner): Promise<void> {
    const count = (name: string) => ({ name, type: 'bigint', default: 0 });
    const seconds = (name: string) => ({ name, type: 'bigint' });
    await qr.addColumn('visits', new TableColumn(binaryString(qr, 'event_id', 40, true)));
    await qr.createIndex(
      'visits',
      new TableIndex({ name: 'ux_visits_event', columnNames: ['event_id'], isUnique: true }),
    );
    await qr.createTable(
      new Table({
        name: 'visit_slots',
        columns: [
          { ...refColumn(qr, 'link_id'), isPrimary: true },
          { ...seconds('slot'), isPrimary: true },
          { name: 'bot', type: 'boolean', isPrimary: true },
          refColumn(qr, 'account_id'),
          count('visits'),
          count('uniques'),
        ],
        indices: [
          new TableIndex({ name: 'ix_visit_slots_account', columnNames: ['account_id', 'slot'] }),
        ],
        foreignKeys: [foreignKey('link_id', 'links')],
      }),
    );
    await qr.createTable(
      new Table({
        name: 'visit_dims',
        columns: [
          { ...refColumn(qr, 'link_id'), isPrimary: true },
          { name: 'span', type: 'varchar', length: '1', isPrimary: true },
          { ...seconds('start'), isPrimary: true },
          { name: 'bot', type: 'boolean', isPrimary: true },
          { name: 'dimension', type: 'varchar', length: '10', isPrimary: true },
          { ...binaryString(qr, 'value', 255), isPrimary: true },
          refColumn(qr, 'account_id'),
          count('visits'),
        ],
        indices: [
          new TableIndex({
            name: 'ix_visit_dims_account',
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
    for (const table of ['orphan_visits', 'visitor_days', 'visit_dims', 'visit_slots']) {
      await qr.dropTable(table);
    }
    await qr.dropIndex('visits', 'ux_visits_event');
    await qr.dropColumn('visits', 'event_id');
  }
}
