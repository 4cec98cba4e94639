import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { atValue, SqlRunner } from '../analytics/store/sql/batch-sql';
import { addToRollups } from '../analytics/store/sql/rollup-writer';
import { addVisitCounts } from '../analytics/store/sql/visit-counts';
import { emptyTally, HOUR_SECONDS, withDays } from '../analytics/rollups/rollup';
import { daysMark } from '../analytics/store/sql/day-rows';
import { managerOf, Tx } from '../database/unit-of-work';

@Injectable()
export class ImportsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** For a dry run: would this slug collide on that domain? */
  async slugTaken(domainId: number, slug: string): Promise<boolean> {
    const rows = await this.db.query<unknown[]>(
      'SELECT 1 FROM links WHERE domain_id = ? AND slug = ?',
      [domainId, slug],
    );
    return rows.length > 0;
  }

  /**
   * What an import carries over besides the link: when it was made and how often it was
   * visited. The old total lands in the rollups at the link's creation hour and day, so counts,
   * stats and S.EE's all-time `visit_count` include it; there are no raw visits behind it.
   */
  async carryOver(
    link: { id: number; accountId: number },
    createdAt: Date | undefined,
    visits: number,
    tx: Tx,
  ): Promise<void> {
    const em = managerOf(tx);
    const db: SqlRunner = {
      mysql: em.connection.options.type === 'mysql',
      query: (sql, params) => em.query(sql, params),
    };
    if (createdAt) {
      await db.query('UPDATE links SET created_at = ? WHERE id = ?', [
        atValue(db, createdAt),
        link.id,
      ]);
    }
    if (visits === 0) return;
    // Counted as the visit store counts visits: the link's and its account's by kind.
    await addVisitCounts(db, new Map([[link.id, visits]]));
    const at = Math.floor((createdAt ?? new Date()).getTime() / 1000);
    const row = { linkId: link.id, accountId: link.accountId, bot: false, visits, uniques: 0 };
    // The whole total in the creation hour's first quarter, and in its day as a roll-up adds an
    // hour to its day (see day-rows.ts).
    const quarters: [number, number][] = [
      [visits, 0],
      [0, 0],
      [0, 0],
      [0, 0],
    ];
    const hour = { ...row, span: 'h' as const, start: at - (at % HOUR_SECONDS), quarters };
    await addToRollups(db, withDays([{ ...hour, counts: emptyTally() }], await daysMark(db)));
  }
}
