import { insert, KEYS_PER_SELECT, keysIn, Row, SqlRunner } from './batch-sql';
import { RollupRow, rollupKey } from '../../rollups/rollup';
import { mergeRollup, StoredRollup, tallyToJson } from '../../rollups/rollup-json';

/**
 * Merges the batch into the stored `visit_rollups` rows: read (locked on MySQL, where two
 * instances may write the same row; SQLite writers take turns anyway), merged, written back.
 */
export async function addToRollups(db: SqlRunner, rows: RollupRow[]): Promise<void> {
  const stored = new Map<string, StoredRollup>();
  for (let i = 0; i < rows.length; i += KEYS_PER_SELECT) {
    const chunk = rows.slice(i, i + KEYS_PER_SELECT);
    // The whole key: with the share alone, every hour the share ever had was read.
    const sql =
      'SELECT link_id, span, start, bot, account_id, visits, uniques, quarters, counts ' +
      `FROM visit_rollups WHERE ${keysIn(db, ['link_id', 'span', 'start', 'bot'], chunk.length)}` +
      (db.mysql ? ' FOR UPDATE' : '');
    const keys = chunk.flatMap((d) => [d.linkId, d.span, d.start, +d.bot]);
    for (const r of (await db.query(sql, keys)) as Row[]) {
      const row: StoredRollup = {
        linkId: Number(r.link_id),
        accountId: Number(r.account_id),
        span: r.span as 'h' | 'd',
        start: Number(r.start),
        bot: Boolean(Number(r.bot)),
        visits: Number(r.visits),
        uniques: Number(r.uniques),
        quarters:
          r.quarters === null ? null : (JSON.parse(r.quarters as string) as [number, number][]),
        counts: r.counts as string,
      };
      stored.set(rollupKey(row), row);
    }
  }
  const keys = ['link_id', 'span', 'start', 'bot'];
  // Not account_id, which a share never changes: set again, it had SQLite rewrite the row's entry
  // in the account index every time (~1 µs per visit).
  const values = ['visits', 'uniques', 'quarters', 'counts'];
  await insert(
    db,
    'visit_rollups',
    [...keys, 'account_id', ...values],
    rows.map((add) => {
      const before = stored.get(rollupKey(add));
      const r = before ? mergeRollup(before, add) : { ...add, counts: tallyToJson(add.counts) };
      const quarters = r.quarters && JSON.stringify(r.quarters);
      return [
        r.linkId,
        r.span,
        r.start,
        +r.bot,
        r.accountId,
        r.visits,
        r.uniques,
        quarters,
        r.counts,
      ];
    }),
    db.mysql
      ? ` ON DUPLICATE KEY UPDATE ${values.map((c) => `${c} = VALUES(${c})`).join(', ')}`
      : ` ON CONFLICT (${keys.join(', ')}) DO UPDATE SET ${values.map((c) => `${c} = excluded.${c}`).join(', ')}`,
  );
}
