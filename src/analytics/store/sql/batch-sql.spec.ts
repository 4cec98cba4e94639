import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { atValue, insertColumn, SqlRunner } from './batch-sql';
import { openWriterConnection, WriterConnection } from '../sqlite-writer-connection';

const sqlite: SqlRunner = { mysql: false, query: () => Promise.resolve([]) };
const mysql: SqlRunner = { mysql: true, query: () => Promise.resolve([]) };
/** The format TypeORM gives a datetime on SQLite. */
const typeorm = (at: Date) => at.toISOString().replace('T', ' ').slice(0, 23);

describe('atValue', () => {
  it('should write SQLite times as TypeORM does, to the millisecond, across seconds and days', () => {
    const times = [
      '2026-11-25T23:59:59.999Z',
      '2026-11-26T00:00:00.000Z',
      '2026-11-26T00:00:00.007Z',
      '2026-11-26T00:00:00.070Z',
      '1969-12-31T23:59:59.001Z',
      '2000-02-29T12:34:56.789Z',
    ].map((t) => new Date(t));
    for (let i = 0; i < 500; i++) times.push(new Date(1.7e12 + Math.floor(Math.random() * 1e10)));
    // Twice: the second time from the prefixes made the first.
    for (const at of [...times, ...times]) expect(atValue(sqlite, at)).toBe(typeorm(at));
  });

  it('should give MySQL the Date itself', () => {
    const at = new Date();
    expect(atValue(mysql, at)).toBe(at);
  });
});

describe('insertColumn', () => {
  const dir = mkdtempSync(join(tmpdir(), 'linkdrop-batch-sql-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  // The writer thread's connection (which plucks) and a runner of row objects (as TypeORM's).
  it.each([
    ['the writer connection', (c: WriterConnection) => c.runner],
    ['a runner without pluck', (c: WriterConnection) => ({ ...c.runner, pluck: undefined })],
  ])(
    'should insert 250 keys in statements of 100 and answer the new ones, with %s',
    async (name, runnerOf) => {
      const connection = openWriterConnection(join(dir, `${name}.sqlite`));
      const db = runnerOf(connection);
      await db.query('CREATE TABLE keys (k INTEGER PRIMARY KEY)', []);
      await db.query('INSERT INTO keys (k) VALUES (3), (200)', []);
      const keys = Array.from({ length: 250 }, (_, i) => i + 1);
      const suffix = ' ON CONFLICT DO NOTHING RETURNING k';
      const fresh = await connection.inTransaction(() =>
        insertColumn(db, 'keys', 'k', keys, suffix),
      );
      expect(fresh.map(Number).sort((a, b) => a - b)).toEqual(
        keys.filter((k) => k !== 3 && k !== 200),
      );
      expect(await db.query('SELECT COUNT(*) AS n FROM keys', [])).toEqual([{ n: 250 }]);
      // Without RETURNING: stored, nothing answered.
      expect(await insertColumn(db, 'keys', 'k', [300, 301], '')).toEqual([]);
      expect(await db.query('SELECT COUNT(*) AS n FROM keys', [])).toEqual([{ n: 252 }]);
      connection.close();
    },
  );
});
