import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createConnection } from 'mysql2/promise';

declare const TEST_DB_KIND: 'sqlite' | 'mysql';
let counter = 0;

export const dbKind = (): 'sqlite' | 'mysql' => TEST_DB_KIND;

/**
 * A fresh, empty database for one app: a new SQLite file, or a new MySQL database named after the
 * one in TEST_MYSQL_URL. Refuses any database whose name lacks "test".
 */
export async function freshDatabaseUrl(): Promise<string> {
  counter++;
  if (TEST_DB_KIND === 'sqlite') {
    return `sqlite:${join(mkdtempSync(join(tmpdir(), 'linkdrop-test-')), 'db.sqlite')}`;
  }
  const base = new URL(process.env.TEST_MYSQL_URL!);
  const baseName = base.pathname.slice(1);
  if (!/test/i.test(baseName)) {
    throw new Error(`Refusing to run e2e tests on database "${baseName}": its name lacks "test"`);
  }
  const name = `${baseName}_ld_${process.env.JEST_WORKER_ID ?? 0}_${counter}`;
  const conn = await createConnection({
    host: base.hostname,
    port: Number(base.port || 3306),
    user: decodeURIComponent(base.username),
    password: decodeURIComponent(base.password),
  });
  await conn.query(`DROP DATABASE IF EXISTS \`${name}\``);
  await conn.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  await conn.end();
  const url = new URL(base.toString());
  url.pathname = `/${name}`;
  return url.toString();
}

/** Drops a MySQL database made by freshDatabaseUrl (SQLite files live in the temp dir). */
export async function dropDatabase(dbUrl: string): Promise<void> {
  if (!dbUrl.startsWith('mysql:')) return;
  const url = new URL(dbUrl);
  const conn = await createConnection({
    host: url.hostname,
    port: Number(url.port || 3306),
    user: decodeURIComponent(url.username),
    password: decodeURIComponent(url.password),
  });
  await conn.query(`DROP DATABASE IF EXISTS \`${url.pathname.slice(1)}\``);
  await conn.end();
}
