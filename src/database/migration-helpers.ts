import { QueryRunner, TableColumnOptions, TableForeignKey } from 'typeorm';

// SQLite allows AUTOINCREMENT only on INTEGER PRIMARY KEY; MySQL wants BIGINT for ids.
const isMysql = (qr: QueryRunner) => qr.connection.options.type === 'mysql';

export const idType = (qr: QueryRunner): string => (isMysql(qr) ? 'bigint' : 'integer');

export const idColumn = (qr: QueryRunner): TableColumnOptions => ({
  name: 'id',
  type: idType(qr),
  isPrimary: true,
  isGenerated: true,
  generationStrategy: 'increment',
});

export const refColumn = (qr: QueryRunner, name: string, nullable = false): TableColumnOptions => ({
  name,
  type: idType(qr),
  isNullable: nullable,
});

/** Case-sensitive string column (slugs, hashes): a binary collation on MySQL. */
export const binaryString = (
  qr: QueryRunner,
  name: string,
  length: number,
  nullable = false,
): TableColumnOptions => ({
  name,
  type: 'varchar',
  length: String(length),
  isNullable: nullable,
  ...(isMysql(qr) ? { charset: 'utf8mb4', collation: 'utf8mb4_bin' } : {}),
});

/** Long text: MySQL TEXT stops at 64 KiB. */
export const longText = (qr: QueryRunner, name: string, nullable = false): TableColumnOptions => ({
  name,
  type: isMysql(qr) ? 'mediumtext' : 'text',
  isNullable: nullable,
});

/** UTC time with milliseconds (MySQL's DATETIME would round them away). */
export const dateColumn = (
  qr: QueryRunner,
  name: string,
  nullable = false,
): TableColumnOptions => ({
  name,
  type: 'datetime',
  isNullable: nullable,
  ...(isMysql(qr) ? { precision: 3 } : {}),
});

export const timestamps = (qr: QueryRunner): TableColumnOptions[] => [
  dateColumn(qr, 'created_at'),
  dateColumn(qr, 'updated_at'),
];

/** A foreign key to `table.id`; rows go with their parent unless told otherwise. */
export const foreignKey = (
  column: string,
  table: string,
  onDelete: 'CASCADE' | 'RESTRICT' | 'NO ACTION' = 'CASCADE',
) =>
  new TableForeignKey({
    columnNames: [column],
    referencedTableName: table,
    referencedColumnNames: ['id'],
    onDelete,
  });

/** A foreign key of `column` to `table.id`, its rows deleted with the row they point to. */
export const cascadingTo = (table: string, column: string) =>
  new TableForeignKey({
    columnNames: [column],
    referencedTableName: table,
    referencedColumnNames: ['id'],
    onDelete: 'CASCADE',
  });
