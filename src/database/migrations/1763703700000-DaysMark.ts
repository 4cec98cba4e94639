import { MigrationInterface, QueryRunner, TableIndex } from 'typeorm';

const HOUR = 3600;
const MARK = 'rollup_days_to';

/** The hour rows of a time, by share or account: the closed hours a roll-up adds to their days. */
const indexes = [
  { table: 'visit_rollups', index: ['span', 'start', 'link_id'] },
  { table: 'account_rollups', index: ['span', 'start', 'account_id'] },
].map(({ table, index }) => ({
  table,
  index: new TableIndex({ name: `ix_${table}_span_start`, columnNames: index }),
}));

/**
 * Day rows hold the hours before a mark, which roll-ups move past each closed hour (see
 * src/analytics/store/sql/day-rows.ts). Every hour stored so far is in its day: the mark starts
 * past the last of them and past the current hour; in a database without any, at the current
 * hour. The indexes are built in place on MySQL; the last hour stored is read from them. Undone,
 * the hours past the mark are added to their days first, as the code before expects them.
 */
export class DaysMark1763703700000 implements MigrationInterface {
  name = 'DaysMark1763703700000';

  async up(qr: QueryRunner): Promise<void> {
    for (const { table, index } of indexes) await qr.createIndex(table, index);
    const hour = Math.floor(Date.now() / 1000 / HOUR) * HOUR;
    let mark = hour;
    for (const { table } of indexes) {
      const [{ last }] = (await qr.query(
        `SELECT MAX(start) AS last FROM ${table} WHERE span = 'h'`,
      )) as { last: number | string | null }[];
      if (last !== null) mark = Math.max(mark, hour + HOUR, Number(last) + HOUR);
    }
    await qr.query('INSERT INTO settings (name, value) VALUES (?, ?)', [MARK, String(mark)]);
  }

  async down(qr: QueryRunner): Promise<void> {
    const [row] = (await qr.query('SELECT value FROM settings WHERE name = ?', [MARK])) as {
      value: string;
    }[];
    if (row) {
      await addHoursToDays(qr, 'visit_rollups', 'link_id', Number(row.value));
      await addHoursToDays(qr, 'account_rollups', 'account_id', Number(row.value));
      await qr.query('DELETE FROM settings WHERE name = ?', [MARK]);
    }
    for (const { table, index } of indexes) await qr.dropIndex(table, index.name!);
  }
}

type Counts = Record<string, Record<string, number>>;

/**
 * Adds the hour rows from `mark` on to their days (made where missing), one row at a time: an
 * undoing, of the hours since the mark last moved, not a hot path.
 */
async function addHoursToDays(qr: QueryRunner, table: string, owner: string, mark: number) {
  const hours = (await qr.query(`SELECT * FROM ${table} WHERE span = 'h' AND start >= ?`, [
    mark,
  ])) as Record<string, unknown>[];
  for (const h of hours) {
    const start = Number(h.start) - (Number(h.start) % 86_400);
    const key = [h[owner], start, h.bot];
    const where = `${owner} = ? AND span = 'd' AND start = ? AND bot = ?`;
    const [day] = (await qr.query(`SELECT counts FROM ${table} WHERE ${where}`, key)) as {
      counts: string;
    }[];
    const add = JSON.parse(String(h.counts)) as Counts;
    if (day) {
      const counts = JSON.stringify(sum(JSON.parse(day.counts) as Counts, add));
      await qr.query(
        `UPDATE ${table} SET visits = visits + ?, uniques = uniques + ?, counts = ? WHERE ${where}`,
        [h.visits, h.uniques, counts, ...key],
      );
    } else {
      const made = { ...h, span: 'd', start, quarters: null };
      const columns = Object.keys(made);
      await qr.query(
        `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`,
        columns.map((c) => made[c as keyof typeof made]),
      );
    }
  }
}

/** `add`'s counts added to `into`'s (own properties: a value may be named `__proto__`). */
function sum(into: Counts, add: Counts): Counts {
  for (const d of Object.keys(add)) {
    if (!Object.hasOwn(into, d)) own(into, d, {});
    const values = into[d];
    for (const v of Object.keys(add[d])) {
      own(values, v, (Object.hasOwn(values, v) ? values[v] : 0) + add[d][v]);
    }
  }
  return into;
}

const own = <T>(o: Record<string, T>, key: string, value: T) =>
  Object.defineProperty(o, key, { value, writable: true, enumerable: true, configurable: true });
