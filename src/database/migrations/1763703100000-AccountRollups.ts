import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';
import { foreignKey, longText, refColumn } from '../migration-helpers';

const DAY = 86_400;

/**
 * What an account's pages read at 10 million links, kept instead of counted: its rollups (the
 * sum of its shares' rows, with a count by share), its shares by kind, and an index for its links
 * by visits. Each is filled from what is stored, in small steps: on MySQL plain reads that lock
 * nothing, and writes to tables nobody reads yet.
 */
export class AccountRollups1763703100000 implements MigrationInterface {
  name = 'AccountRollups1763703100000';

  async up(qr: QueryRunner): Promise<void> {
    const count = (name: string) => ({ name, type: 'bigint', default: 0 });
    await qr.createTable(
      new Table({
        name: 'account_rollups',
        columns: [
          { ...refColumn(qr, 'account_id'), isPrimary: true },
          { name: 'span', type: 'varchar', length: '1', isPrimary: true },
          { name: 'start', type: 'bigint', isPrimary: true },
          { name: 'bot', type: 'boolean', isPrimary: true },
          count('visits'),
          count('uniques'),
          { name: 'quarters', type: 'varchar', length: '200', isNullable: true },
          longText(qr, 'counts'),
        ],
        foreignKeys: [foreignKey('account_id', 'accounts')],
      }),
    );
    await qr.createTable(
      new Table({
        name: 'account_share_counts',
        columns: [
          { ...refColumn(qr, 'account_id'), isPrimary: true },
          { name: 'kind', type: 'varchar', length: '16', isPrimary: true },
          count('shares'),
        ],
        foreignKeys: [foreignKey('account_id', 'accounts')],
      }),
    );
    // Online on MariaDB and MySQL (an in-place index build; reads and writes go on).
    await qr.createIndex(
      'links',
      new TableIndex({
        name: 'ix_links_account_clicks',
        columnNames: ['account_id', 'clicks', 'id'],
      }),
    );
    await countShares(qr);
    await sumAccountRollups(qr);
  }

  async down(qr: QueryRunner): Promise<void> {
    await qr.dropIndex('links', 'ix_links_account_clicks');
    await qr.dropTable('account_share_counts');
    await qr.dropTable('account_rollups');
  }
}

const ACCOUNTS_A_STEP = 100;

/** What filling needs of a connection (a migration's query runner, or the scale bench's). */
interface Queries {
  query(sql: string, params?: unknown[]): Promise<unknown>;
}

/**
 * Each account's shares by kind, a hundred accounts a step (the scale bench's too): counted by a
 * plain read (on MySQL a consistent read, which locks nothing: an INSERT ... SELECT would hold
 * its read rows for the whole count), then written.
 */
export async function countShares(qr: Queries) {
  const [{ last }] = (await qr.query('SELECT COALESCE(MAX(id), 0) AS last FROM accounts')) as {
    last: number | string;
  }[];
  for (let from = 1; from <= Number(last); from += ACCOUNTS_A_STEP) {
    const counts = (await qr.query(
      'SELECT account_id, kind, COUNT(*) AS shares FROM links ' +
        'WHERE account_id >= ? AND account_id < ? GROUP BY account_id, kind',
      [from, from + ACCOUNTS_A_STEP],
    )) as Row[];
    if (counts.length === 0) continue;
    await qr.query(
      'INSERT INTO account_share_counts (account_id, kind, shares) VALUES ' +
        counts.map(() => '(?, ?, ?)').join(', '),
      counts.flatMap((c) => [c.account_id, c.kind, Number(c.shares)]),
    );
  }
}

/** A sum of rows: counts by dimension (and by share), null-prototype objects ("__proto__" too). */
interface Sum {
  visits: number;
  uniques: number;
  quarters: [number, number][] | null;
  counts: Record<string, Record<string, number>>;
}
type Row = Record<string, unknown>;
/** As the visit writer keeps them (src/analytics/rollups/rollup.ts; a migration keeps its own). */
const MAX_VALUES = 500;
const OTHER = '\u0000other';
const dict = () => Object.create(null) as Record<string, number>;

function add(values: Record<string, number>, value: string, n: number) {
  if (value in values) values[value] += n;
  else if (Object.keys(values).length < MAX_VALUES) values[value] = n;
  else values[OTHER] = (values[OTHER] ?? 0) + n;
}

/**
 * Every account's rows from its shares' rows, a UTC day of rows a step (empty stretches skipped
 * by an index seek), so a step holds at most a day of the account's shares' rows. The scale bench
 * (scripts/bench/scale) fills its accounts' rows with it too.
 */
export async function sumAccountRollups(qr: Queries) {
  const accounts = (await qr.query(
    'SELECT DISTINCT account_id FROM visit_rollups ORDER BY account_id',
  )) as Row[];
  for (const { account_id: account } of accounts) {
    for (const span of ['h', 'd']) {
      for (let from = -1; ;) {
        const [{ next }] = (await qr.query(
          'SELECT MIN(start) AS next FROM visit_rollups ' +
            'WHERE account_id = ? AND span = ? AND start > ?',
          [account, span, from],
        )) as Row[];
        if (next === null) break;
        const day = Number(next) - (Number(next) % DAY);
        const rows = (await qr.query(
          'SELECT link_id, start, bot, visits, uniques, quarters, counts FROM visit_rollups ' +
            'WHERE account_id = ? AND span = ? AND start >= ? AND start < ?',
          [account, span, day, day + DAY],
        )) as Row[];
        await insertSums(qr, account, span, sumsOf(rows));
        from = day + DAY - 1;
      }
    }
  }
}

/** The rows summed by start and bot flag, with each share's visits under `share`. */
function sumsOf(rows: Row[]): Map<string, Sum> {
  const sums = new Map<string, Sum>();
  for (const r of rows) {
    const key = `${Number(r.start)}|${Number(r.bot)}`;
    const quarters =
      r.quarters === null ? null : (JSON.parse(r.quarters as string) as [number, number][]);
    let sum = sums.get(key);
    if (!sum) {
      const zero = quarters && quarters.map((): [number, number] => [0, 0]);
      sum = { visits: 0, uniques: 0, quarters: zero, counts: {} };
      sums.set(key, sum);
    }
    sum.visits += Number(r.visits);
    sum.uniques += Number(r.uniques);
    quarters?.forEach(([v, u], q) => {
      sum.quarters![q][0] += v;
      sum.quarters![q][1] += u;
    });
    const counts = JSON.parse(r.counts as string) as Record<string, Record<string, number>>;
    for (const [dimension, values] of Object.entries(counts)) {
      const into = (sum.counts[dimension] ??= dict());
      for (const [value, n] of Object.entries(values)) add(into, value, n);
    }
    add((sum.counts.share ??= dict()), String(r.link_id), Number(r.visits));
  }
  return sums;
}

async function insertSums(qr: Queries, account: unknown, span: string, sums: Map<string, Sum>) {
  const rows = [...sums].map(([key, s]) => {
    const [start, bot] = key.split('|').map(Number);
    const quarters = s.quarters && JSON.stringify(s.quarters);
    return [account, span, start, bot, s.visits, s.uniques, quarters, JSON.stringify(s.counts)];
  });
  for (let i = 0; i < rows.length; i += 100) {
    const part = rows.slice(i, i + 100);
    await qr.query(
      'INSERT INTO account_rollups ' +
        '(account_id, span, start, bot, visits, uniques, quarters, counts) VALUES ' +
        part.map(() => '(?, ?, ?, ?, ?, ?, ?, ?)').join(', '),
      part.flat(),
    );
  }
}
