import { insert, KEYS_PER_SELECT, keysIn, Row, SqlRunner } from './batch-sql';
import { AccountRollupRow, addToAccountRows, RollupRow } from '../../rollups/rollup';
import { mergeRollup, StoredSums, tallyToJson } from '../../rollups/rollup-json';

/** A rollup table: whose rows (a share's or an account's), and what else a new row holds. */
interface RollupTable<R extends AccountRollupRow> {
  name: string;
  owner: 'link_id' | 'account_id';
  ownerOf(r: R): number;
  /** Columns set only when the row is made (a share's account never changes). */
  made: { column: string; of(r: R): unknown }[];
}

const SHARES: RollupTable<RollupRow> = {
  name: 'visit_rollups',
  owner: 'link_id',
  ownerOf: (r) => r.linkId,
  made: [{ column: 'account_id', of: (r) => r.accountId }],
};

const ACCOUNTS: RollupTable<AccountRollupRow> = {
  name: 'account_rollups',
  owner: 'account_id',
  ownerOf: (r) => r.accountId,
  made: [],
};

/** Merges shares' rows into `visit_rollups`; their accounts' rows wait for addToAccountRollups. */
export const addToShareRollups = (db: SqlRunner, rows: RollupRow[]) => mergeInto(db, SHARES, rows);

/**
 * Merges the accounts' sums of shares' rows into `account_rollups`, accounts in id order. A
 * transaction does this once, after every share's rows: on MySQL two writers then lock shares
 * first and accounts last, in the same order, and queue instead of deadlocking.
 */
export const addToAccountRollups = (db: SqlRunner, rows: AccountRollupRow[]) =>
  mergeInto(
    db,
    ACCOUNTS,
    [...rows].sort((a, b) => a.accountId - b.accountId),
  );

/** Shares' rows and their accounts' in one go (an import's totals). */
export async function addToRollups(db: SqlRunner, rows: RollupRow[]): Promise<void> {
  await addToShareRollups(db, rows);
  await addToAccountRollups(db, [...addToAccountRows(rows).values()]);
}

/**
 * Merges rows into stored ones: read (locked on MySQL, where two instances may write the same
 * row; SQLite writers take turns anyway), merged, written back.
 */
async function mergeInto<R extends AccountRollupRow>(
  db: SqlRunner,
  table: RollupTable<R>,
  rows: R[],
): Promise<void> {
  const keyColumns = [table.owner, 'span', 'start', 'bot'];
  const stored = new Map<string, StoredSums>();
  for (let i = 0; i < rows.length; i += KEYS_PER_SELECT) {
    const chunk = rows.slice(i, i + KEYS_PER_SELECT);
    // The whole key: with the owner alone, every hour it ever had was read.
    const sql =
      `SELECT ${keyColumns.join(', ')}, visits, uniques, quarters, counts ` +
      `FROM ${table.name} WHERE ${keysIn(db, keyColumns, chunk.length)}` +
      (db.mysql ? ' FOR UPDATE' : '');
    const keys = chunk.flatMap((r) => [table.ownerOf(r), r.span, r.start, +r.bot]);
    for (const r of (await db.query(sql, keys)) as Row[]) {
      stored.set(keyOf(Number(r[table.owner]), String(r.span), Number(r.start), Number(r.bot)), {
        visits: Number(r.visits),
        uniques: Number(r.uniques),
        quarters:
          r.quarters === null ? null : (JSON.parse(r.quarters as string) as [number, number][]),
        counts: r.counts as string,
      });
    }
  }
  // Not the columns set when a row is made: set again, a share's account_id had SQLite rewrite
  // the row's entry in the account index every time (~1 µs per visit).
  const values = ['visits', 'uniques', 'quarters', 'counts'];
  const made = table.made.map((m) => m.column);
  await insert(
    db,
    table.name,
    [...keyColumns, ...made, ...values],
    rows.map((add) => {
      const before = stored.get(keyOf(table.ownerOf(add), add.span, add.start, +add.bot));
      const r = before ? mergeRollup(before, add) : { ...add, counts: tallyToJson(add.counts) };
      const quarters = r.quarters && JSON.stringify(r.quarters);
      return [
        table.ownerOf(add),
        add.span,
        add.start,
        +add.bot,
        ...table.made.map((m) => m.of(add)),
        r.visits,
        r.uniques,
        quarters,
        r.counts,
      ];
    }),
    db.mysql
      ? ` ON DUPLICATE KEY UPDATE ${values.map((c) => `${c} = VALUES(${c})`).join(', ')}`
      : ` ON CONFLICT (${keyColumns.join(', ')}) DO UPDATE SET ${values.map((c) => `${c} = excluded.${c}`).join(', ')}`,
  );
}

const keyOf = (owner: number, span: string, start: number, bot: number) =>
  `${owner}|${span}|${start}|${bot}`;
