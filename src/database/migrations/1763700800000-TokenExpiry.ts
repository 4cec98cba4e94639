import { MigrationInterface, QueryRunner, TableColumn } from 'typeorm';
import { dateColumn } from '../migration-helpers';

/** API tokens may expire (S.EE's token check reports when). */
export class TokenExpiry1763700800000 implements MigrationInterface {
  name = 'TokenExpiry1763700800000';

  async up(qr: QueryRunner): Promise<void> {
    await qr.addColumn('api_tokens', new TableColumn(dateColumn(qr, 'expires_at', true)));
  }

  async down(qr: QueryRunner): Promise<void> {
    await qr.dropColumn('api_tokens', 'expires_at');
  }
}
