import { MigrationInterface, QueryRunner, TableColumn } from 'typeorm';

/** API tokens may be limited to scopes (null: full access, as every token before) and noted. */
export class TokenScopes1763702200000 implements MigrationInterface {
  name = 'TokenScopes1763702200000';

  async up(qr: QueryRunner): Promise<void> {
    await qr.addColumns('api_tokens', [
      new TableColumn({ name: 'scopes', type: 'varchar', length: '300', isNullable: true }),
      new TableColumn({ name: 'note', type: 'varchar', length: '500', isNullable: true }),
    ]);
  }

  async down(qr: QueryRunner): Promise<void> {
    await qr.dropColumns('api_tokens', ['scopes', 'note']);
  }
}
