import { MigrationInterface, QueryRunner, TableColumn, TableIndex } from 'typeorm';
import { binaryString } from '../migration-helpers';

/**
 * - files.dedupe_sha256: set only by the SM.MS v2 drop-in, unique per account, so two identical
 *   uploads racing each other store the bytes once (the other answers image_repeated).
 * - accounts.email on MySQL: a binary collation, so `jose@` never matches `josé@` or `JOSE@`
 *   (emails are stored normalised and compared exactly).
 */
export class Hardening1763700400000 implements MigrationInterface {
  name = 'Hardening1763700400000';

  async up(qr: QueryRunner): Promise<void> {
    await qr.addColumn('files', new TableColumn(binaryString(qr, 'dedupe_sha256', 64, true)));
    await qr.createIndex(
      'files',
      new TableIndex({
        name: 'uq_files_account_dedupe',
        columnNames: ['account_id', 'dedupe_sha256'],
        isUnique: true,
      }),
    );
    if (qr.connection.options.type === 'mysql') {
      await qr.query(
        'ALTER TABLE `accounts` MODIFY `email` varchar(254) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NOT NULL',
      );
    }
  }

  async down(qr: QueryRunner): Promise<void> {
    if (qr.connection.options.type === 'mysql') {
      await qr.query(
        'ALTER TABLE `accounts` MODIFY `email` varchar(254) CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci NOT NULL',
      );
    }
    await qr.dropIndex('files', 'uq_files_account_dedupe');
    await qr.dropColumn('files', 'dedupe_sha256');
  }
}
