import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { atValue } from '../analytics/batch-sql';
import { addToRollups } from '../analytics/rollup-writer';
import { emptyTally } from '../analytics/rollup';
import { managerOf, Tx } from '../database/unit-of-work';

const HOUR = 3600;
const DAY = 86_400;

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
    const mysql = em.connection.options.type === 'mysql';
    if (createdAt) {
      const at = atValue({ mysql, query: () => Promise.resolve() }, createdAt);
      await em.query('UPDATE links SET created_at = ? WHERE id = ?', [at, link.id]);
    }
    if (visits === 0) return;
    await em.query('UPDATE links SET clicks = ? WHERE id = ?', [visits, link.id]);
    const at = Math.floor((createdAt ?? new Date()).getTime() / 1000);
    const row = { linkId: link.id, accountId: link.accountId, bot: false, visits, uniques: 0 };
    await addToRollups({ mysql, query: (sql, params) => em.query(sql, params) }, [
      {
        ...row,
        span: 'h',
        start: at - (at % HOUR),
        quarters: [
          [visits, 0],
          [0, 0],
          [0, 0],
          [0, 0],
        ],
        counts: emptyTally(),
      },
      { ...row, span: 'd', start: at - (at % DAY), quarters: null, counts: emptyTally() },
    ]);
  }
}
