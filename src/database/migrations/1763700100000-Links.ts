import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';
import {
  binaryString,
  dateColumn,
  idColumn,
  refColumn,
  timestamps,
  foreignKey,
} from '../migration-helpers';

/** One namespace: domains, links of every kind, tags. */
export class Links1763700100000 implements MigrationInterface {
  name = 'Links1763700100000';

  async up(qr: QueryRunner): Promise<void> {
    await qr.createTable(
      new Table({
        name: 'domains',
        columns: [
          idColumn(qr),
          { name: 'host', type: 'varchar', length: '253' },
          // null: a system domain (SHORT_DOMAINS); otherwise the custom domain's owner
          refColumn(qr, 'account_id', true),
          dateColumn(qr, 'created_at'),
        ],
        indices: [
          new TableIndex({ name: 'uq_domains_host', columnNames: ['host'], isUnique: true }),
        ],
        foreignKeys: [foreignKey('account_id', 'accounts')],
      }),
    );
    await qr.createTable(
      new Table({
        name: 'links',
        columns: [
          idColumn(qr),
          refColumn(qr, 'account_id'),
          refColumn(qr, 'domain_id'),
          binaryString(qr, 'slug', 64),
          { name: 'kind', type: 'varchar', length: '16' },
          { name: 'target_url', type: 'varchar', length: '2048', isNullable: true },
          { name: 'title', type: 'varchar', length: '255', isNullable: true },
          { name: 'password_hash', type: 'varchar', length: '255', isNullable: true },
          dateColumn(qr, 'expire_at', true),
          { name: 'expiration_redirect_url', type: 'varchar', length: '2048', isNullable: true },
          { name: 'redirect_code', type: 'smallint', default: 302 },
          { name: 'clicks', type: 'bigint', default: 0 },
          ...timestamps(qr),
        ],
        indices: [
          new TableIndex({
            name: 'uq_links_domain_slug',
            columnNames: ['domain_id', 'slug'],
            isUnique: true,
          }),
          new TableIndex({ name: 'ix_links_account', columnNames: ['account_id', 'id'] }),
        ],
        foreignKeys: [
          foreignKey('account_id', 'accounts'),
          foreignKey('domain_id', 'domains', 'RESTRICT'),
        ],
      }),
    );
    await qr.createTable(
      new Table({
        name: 'tags',
        columns: [
          idColumn(qr),
          refColumn(qr, 'account_id'),
          binaryString(qr, 'name', 64),
          dateColumn(qr, 'created_at'),
        ],
        indices: [
          new TableIndex({
            name: 'uq_tags_account_name',
            columnNames: ['account_id', 'name'],
            isUnique: true,
          }),
        ],
        foreignKeys: [foreignKey('account_id', 'accounts')],
      }),
    );
    await qr.createTable(
      new Table({
        name: 'link_tags',
        columns: [
          { ...refColumn(qr, 'link_id'), isPrimary: true },
          { ...refColumn(qr, 'tag_id'), isPrimary: true },
        ],
        indices: [new TableIndex({ name: 'ix_link_tags_tag', columnNames: ['tag_id'] })],
        foreignKeys: [foreignKey('link_id', 'links'), foreignKey('tag_id', 'tags')],
      }),
    );
  }

  async down(qr: QueryRunner): Promise<void> {
    await qr.dropTable('link_tags');
    await qr.dropTable('tags');
    await qr.dropTable('links');
    await qr.dropTable('domains');
  }
}
