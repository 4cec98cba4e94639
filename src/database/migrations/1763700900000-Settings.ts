import { MigrationInterface, QueryRunner, Table } from 'typeorm';

/** Facts about the installation itself (its id). */
export class Settings1763700900000 implements MigrationInterface {
  name = 'Settings1763700900000';

  async up(qr: QueryRunner): Promise<void> {
    await qr.createTable(
      new Table({
        name: 'settings',
        columns: [
          { name: 'name', type: 'varchar', length: '64', isPrimary: true },
          { name: 'value', type: 'varchar', length: '255' },
        ],
      }),
    );
  }

  async down(qr: QueryRunner): Promise<void> {
    await qr.dropTable('settings');
  }
}
