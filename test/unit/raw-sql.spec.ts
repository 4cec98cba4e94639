import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

const SRC = resolve(__dirname, '../../src');

/**
 * Where SQL may be written out: repositories; the database machinery and its migrations; the
 * visit store's SQL (analytics/store/sql/: shared by VisitsRepository and the SQLite writer
 * thread, where neither Nest nor TypeORM runs); the operator CLI, which works on the database
 * without the app.
 */
const ALLOWED = [
  /\.repository\.ts$/,
  /^database\//,
  /^analytics\/store\/sql\//,
  /^cli\//,
  // Reads `INSERT INTO` statements of a YOURLS dump: parsing, not querying.
  /^imports\/formats\/sql-inserts\.ts$/,
];
const SQL = /['`"](SELECT |INSERT INTO |UPDATE [a-z_]+ SET|DELETE FROM |CREATE TABLE |PRAGMA )/;

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? files(p) : p.endsWith('.ts') ? [p] : [];
  });
}

describe('raw SQL', () => {
  it('should be written only in repositories and the database layer', () => {
    const outside = files(SRC)
      .filter((f) => !f.endsWith('.spec.ts'))
      .map((f) => relative(SRC, f))
      .filter((f) => !ALLOWED.some((a) => a.test(f)))
      .filter((f) => SQL.test(readFileSync(join(SRC, f), 'utf8')));
    expect(outside).toEqual([]);
  });
});
