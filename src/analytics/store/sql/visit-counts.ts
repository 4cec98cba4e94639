// `links.clicks`, kept by the visit pipeline: added in the transaction that rolls the same visits
// up, so a share's count is always the sum of its rollups (people and bots) plus what an import
// brought; and their sums by account and kind of share (`account_share_counts.clicks`).
import { insert, KEYS_PER_SELECT, marks, Row, SqlRunner } from './batch-sql';

/** How many of the visits are each share's. */
export function countsByShare(rows: { linkId: number }[]): Map<number, number> {
  const counts = new Map<number, number>();
  for (const r of rows) counts.set(r.linkId, (counts.get(r.linkId) ?? 0) + 1);
  return counts;
}

/**
 * Adds visits to their shares' `clicks` (`counts`: visits by share), shares in id order, one
 * statement per KEYS_PER_SELECT of them, then to their accounts' sums by kind. Ascending order
 * matters on MySQL: two writers with a hot share in common then queue on its row instead of
 * deadlocking, and take the accounts' rows only once they hold every share's. A deleted share
 * changes no row.
 */
export async function addVisitCounts(db: SqlRunner, counts: Map<number, number>): Promise<void> {
  const ids = [...counts.keys()].sort((a, b) => a - b);
  const byKind = new Map<string, [number, string, number]>();
  for (let i = 0; i < ids.length; i += KEYS_PER_SELECT) {
    const chunk = ids.slice(i, i + KEYS_PER_SELECT);
    const cases = chunk.map(() => 'WHEN ? THEN ?').join(' ');
    const sql =
      `UPDATE links SET clicks = clicks + CASE id ${cases} END ` +
      `WHERE id IN (${marks(chunk.length)})`;
    await db.query(sql, [...chunk.flatMap((id) => [id, counts.get(id)]), ...chunk]);
    const owners = `SELECT id, account_id, kind FROM links WHERE id IN (${marks(chunk.length)})`;
    for (const r of (await db.query(owners, chunk)) as Row[]) {
      const key = `${String(r.account_id)}|${String(r.kind)}`;
      const sum = byKind.get(key) ?? [Number(r.account_id), String(r.kind), 0];
      sum[2] += counts.get(Number(r.id))!;
      byKind.set(key, sum);
    }
  }
  const sums = [...byKind.values()].sort((a, b) => a[0] - b[0] || (a[1] < b[1] ? -1 : 1));
  await insert(
    db,
    'account_share_counts',
    ['account_id', 'kind', 'shares', 'clicks'],
    sums.map(([account, kind, n]) => [account, kind, 0, n]),
    db.mysql
      ? ' ON DUPLICATE KEY UPDATE clicks = clicks + VALUES(clicks)'
      : ' ON CONFLICT (account_id, kind) DO UPDATE SET clicks = clicks + excluded.clicks',
  );
}
