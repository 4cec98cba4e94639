import { MigrationInterface, QueryRunner, Table } from 'typeorm';
import { binaryString, dateColumn, refColumn } from '../migration-helpers';

/**
 * What an address held until it was used up: a one-time text once read answers "read and
 * deleted" (410) instead of a bare 404, without keeping a byte of its content.
 */
export class ShareTombstones1763701800000 implements MigrationInterface {
  name = 'ShareTombstones1763701800000';

  async up(qr: QueryRunner): Promise<void> {
    await qr.createTable(
      new Table({
        name: 'share_tombstones',
        columns: [
          { ...refColumn(qr, 'domain_id'), isPrimary: true },
          { ...binaryString(qr, 'slug', 64), isPrimary: true },
          { name: 'reason', type: 'varchar', length: '16' },
          dateColumn(qr, 'removed_at'),
        ],
      }),
    );
  }

  async down(qr: QueryRunner): Promise<void> {
    await qr.dropTable('share_tombstones');
  }
}
