import Database from 'better-sqlite3';
import { existsSync, rmSync } from 'node:fs';
import { Env } from '../config/env';
import { CliError } from './cli-error';

const MYSQL_HINT =
  'DB_URL is MySQL: back it up with `mysqldump --single-transaction --routines <db> > backup.sql` ' +
  'and restore with `mysql <db> < backup.sql` (see docs/operations.md, "Backups")';

function sqlitePath(env: Env): string {
  if (!env.DB_URL.startsWith('sqlite:')) throw new CliError(MYSQL_HINT);
  return env.DB_URL.slice('sqlite:'.length);
}

/**
 * A consistent copy of the live database through SQLite's online backup API: the service keeps
 * reading and writing while it runs, and the copy is one moment of it (WAL included).
 */
export async function backup(env: Env, to: string): Promise<string> {
  const path = sqlitePath(env);
  if (!existsSync(path)) throw new CliError(`No database at ${path}`);
  if (existsSync(to)) throw new CliError(`${to} exists; choose a new file name`);
  const db = new Database(path, { fileMustExist: true });
  try {
    const { totalPages } = await db.backup(to);
    return `backup: ${path} -> ${to} (${totalPages} pages)`;
  } catch (e) {
    rmSync(to, { force: true });
    throw e;
  } finally {
    db.close();
  }
}

/**
 * Replaces the database with a backup, after checking that the backup is a whole Linkdrop
 * database. Stop the service first: the pages are written under a running service otherwise.
 */
export async function restore(env: Env, from: string): Promise<string> {
  const path = sqlitePath(env);
  if (!existsSync(from)) throw new CliError(`No backup at ${from}`);
  const source = openBackup(from);
  try {
    const ok = source.pragma('integrity_check', { simple: true });
    if (ok !== 'ok') throw new CliError(`${from} is damaged: ${String(ok)}`);
    const migrations = source
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'migrations'")
      .get();
    if (!migrations) throw new CliError(`${from} is not a Linkdrop database`);
    // Old WAL files would be replayed over the restored pages.
    for (const suffix of ['-wal', '-shm']) rmSync(`${path}${suffix}`, { force: true });
    const { totalPages } = await source.backup(path);
    return `restore: ${from} -> ${path} (${totalPages} pages); start the service again`;
  } finally {
    source.close();
  }
}

function openBackup(file: string): Database.Database {
  try {
    const db = new Database(file, { readonly: true, fileMustExist: true });
    db.pragma('schema_version'); // throws "file is not a database" here
    return db;
  } catch (e) {
    throw new CliError(`${file} is not an SQLite database (${(e as Error).message})`);
  }
}
