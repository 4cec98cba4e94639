import { atValue, SqlRunner } from './batch-sql';

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
