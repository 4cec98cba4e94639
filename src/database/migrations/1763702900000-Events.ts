import { randomBytes } from 'node:crypto';
import { toDbTime } from '../../common/db-values';
import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';
import {
  cascadingTo,
  dateColumn,
  idColumn,
  longText,
  refColumn,
  timestamps,
} from '../migration-helpers';
import { SecurityLog1763702400000 } from './1763702400000-SecurityLog';

/** The outbox (one history of events), webhook endpoints and their deliveries. */
export class Events1763702900000 implements MigrationInterface {
  name = 'Events1763702900000';

  async up(qr: QueryRunner): Promise<void> {
    await qr.createTable(
      new Table({
        name: 'outbox_events',
        columns: [
          idColumn(qr),
          { name: 'event_id', type: 'varchar', length: '40' },
          { name: 'type', type: 'varchar', length: '40' },
          refColumn(qr, 'account_id', true),
          dateColumn(qr, 'occurred_at'),
          { name: 'actor_type', type: 'varchar', length: '10' },
          refColumn(qr, 'actor_id', true),
          { name: 'client', type: 'varchar', length: '10', isNullable: true },
          { name: 'resource_type', type: 'varchar', length: '20' },
          { name: 'resource_id', type: 'varchar', length: '64', isNullable: true },
          longText(qr, 'data'),
          dateColumn(qr, 'dispatched_at', true),
          { name: 'lease_token', type: 'varchar', length: '32', isNullable: true },
          dateColumn(qr, 'lease_until', true),
        ],
        // Few indexes: every event is written once and updated twice (leased, dispatched). Event
        // ids are random (unique by their 120 bits, never looked up); leases are found by id;
        // pruning walks the primary key (ids grow with time).
        indices: [
          new TableIndex({ name: 'ix_outbox_pending', columnNames: ['dispatched_at', 'id'] }),
          new TableIndex({ name: 'ix_outbox_account', columnNames: ['account_id', 'id'] }),
        ],
      }),
    );
    await qr.createTable(
      new Table({
        name: 'webhook_endpoints',
        columns: [
          idColumn(qr),
          refColumn(qr, 'account_id'),
          { name: 'url', type: 'varchar', length: '2000' },
          { name: 'events', type: 'text' },
          { name: 'description', type: 'varchar', length: '200', isNullable: true },
          { name: 'secret', type: 'varchar', length: '100' },
          { name: 'enabled', type: 'boolean', default: true },
          dateColumn(qr, 'failing_since', true),
          { name: 'disabled_reason', type: 'varchar', length: '200', isNullable: true },
          ...timestamps(qr),
        ],
        foreignKeys: [cascadingTo('accounts', 'account_id')],
        indices: [
          new TableIndex({ name: 'ix_webhook_endpoints_account', columnNames: ['account_id'] }),
        ],
      }),
    );
    await qr.createTable(
      new Table({
        name: 'webhook_deliveries',
        columns: [
          idColumn(qr),
          refColumn(qr, 'endpoint_id'),
          { name: 'event_id', type: 'varchar', length: '40' },
          { name: 'type', type: 'varchar', length: '40' },
          longText(qr, 'body'),
          { name: 'status', type: 'varchar', length: '10' },
          { name: 'attempts', type: 'integer', default: 0 },
          { name: 'response_status', type: 'integer', isNullable: true },
          { name: 'duration_ms', type: 'integer', isNullable: true },
          { name: 'response_body', type: 'text', isNullable: true },
          { name: 'error', type: 'varchar', length: '200', isNullable: true },
          dateColumn(qr, 'created_at'),
          dateColumn(qr, 'next_attempt_at', true),
          { name: 'lease_token', type: 'varchar', length: '32', isNullable: true },
          dateColumn(qr, 'lease_until', true),
        ],
        foreignKeys: [cascadingTo('webhook_endpoints', 'endpoint_id')],
        indices: [
          new TableIndex({
            name: 'ix_webhook_deliveries_endpoint',
            columnNames: ['endpoint_id', 'id'],
          }),
          new TableIndex({
            name: 'ix_webhook_deliveries_due',
            columnNames: ['status', 'next_attempt_at'],
          }),
        ],
      }),
    );
    await this.moveSecurityLog(qr);
    await qr.dropTable('security_events');
  }

  /** The security log becomes the account's `account.*` events, already dispatched. */
  private async moveSecurityLog(qr: QueryRunner): Promise<void> {
    const rows = (await qr.query(
      'SELECT account_id, type, method, success, device, detail, created_at FROM security_events ORDER BY id',
    )) as SecurityRow[];
    const mysql = qr.connection.options.type === 'mysql';
    for (const r of rows) {
      const date = r.created_at instanceof Date ? r.created_at : new Date(`${r.created_at}Z`);
      // better-sqlite3 binds no Date: SQLite keeps TypeORM's UTC text.
      const at = toDbTime(date, mysql);
      const data = {
        method: r.method,
        success: Boolean(Number(r.success)),
        device: r.device,
        detail: r.detail,
      };
      await qr.query(
        'INSERT INTO outbox_events (event_id, type, account_id, occurred_at, actor_type, actor_id, client, resource_type, resource_id, data, dispatched_at) VALUES (?, ?, ?, ?, ?, ?, NULL, ?, ?, ?, ?)',
        [
          `evt_${randomBytes(15).toString('base64url')}`,
          `account.${r.type}`,
          r.account_id,
          at,
          'account',
          r.account_id,
          'account',
          String(r.account_id),
          JSON.stringify(data),
          at,
        ],
      );
    }
  }

  async down(qr: QueryRunner): Promise<void> {
    await qr.dropTable('webhook_deliveries');
    await qr.dropTable('webhook_endpoints');
    await qr.dropTable('outbox_events');
    await new SecurityLog1763702400000().up(qr);
  }
}

interface SecurityRow {
  account_id: number;
  type: string;
  method: string | null;
  success: number | boolean;
  device: string | null;
  detail: string | null;
  created_at: Date | string;
}
