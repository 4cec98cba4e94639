// `links.clicks`, kept by the visit pipeline: added in the transaction that rolls the same visits
// up, so a share's count is always the sum of its rollups (people and bots) plus what an import
// brought.
import { KEYS_PER_SELECT, marks, SqlRunner } from './batch-sql';

/** How many of the visits are each share's. */
export function countsByShare(rows: { linkId: number }[]): Map<number, number> {
  const counts = new Map<number, number>();
  for (const r of rows) counts.set(r.linkId, (counts.get(r.linkId) ?? 0) + 1);
  return counts;
}

/**
 * Adds visits to their shares' `clicks` (`counts`: visits by share), shares in id order, one
 * statement per KEYS_PER_SELECT of them. Ascending order matters on MySQL: two writers with a hot
 * share in common then queue on its row instead of deadlocking. A deleted share changes no row.
 */
export async function addVisitCounts(db: SqlRunner, counts: Map<number, number>): Promise<void> {
  const ids = [...counts.keys()].sort((a, b) => a - b);
  for (let i = 0; i < ids.length; i += KEYS_PER_SELECT) {
    const chunk = ids.slice(i, i + KEYS_PER_SELECT);
    const cases = chunk.map(() => 'WHEN ? THEN ?').join(' ');
    const sql =
      `UPDATE links SET clicks = clicks + CASE id ${cases} END ` +
      `WHERE id IN (${marks(chunk.length)})`;
    await db.query(sql, [...chunk.flatMap((id) => [id, counts.get(id)]), ...chunk]);
  }
}
