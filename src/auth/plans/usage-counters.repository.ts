import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, LessThan, Repository } from 'typeorm';
import { toNumber } from '../../common/db-values';
import { managerOf, Tx } from '../../database/unit-of-work';
import { UsageCounter } from './usage-counter.entity';

/** The only owner of `usage_counters`. */
@Injectable()
export class UsageCountersRepository {
  constructor(@InjectRepository(UsageCounter) private readonly repo: Repository<UsageCounter>) {}

  /** Adds `n` to the account's counters of these periods; their new values when `read`. */
  async add(
    accountId: number,
    metric: string,
    periods: string[],
    n: number,
    tx?: Tx,
    read = true,
  ): Promise<number[]> {
    const em = tx ? managerOf(tx) : this.repo.manager;
    const upsert =
      em.connection.options.type === 'mysql'
        ? 'ON DUPLICATE KEY UPDATE count = count + VALUES(count)'
        : 'ON CONFLICT (account_id, period, metric) DO UPDATE SET count = count + excluded.count';
    await em.query(
      `INSERT INTO usage_counters (account_id, period, metric, count) VALUES ${periods
        .map(() => '(?, ?, ?, ?)')
        .join(', ')} ${upsert}`,
      periods.flatMap((period) => [accountId, period, metric, n]),
    );
    if (!read) return [];
    const rows = await em
      .getRepository(UsageCounter)
      .findBy({ accountId, metric, period: In(periods) });
    return periods.map((p) => toNumber(rows.find((r) => r.period === p)?.count ?? 0));
  }

  /** The account's counters of these periods, by `metric:period`. */
  async get(accountId: number, periods: string[]): Promise<Map<string, number>> {
    const rows = await this.repo.findBy({ accountId, period: In(periods) });
    return new Map(rows.map((r) => [`${r.metric}:${r.period}`, toNumber(r.count)]));
  }

  /** Drops the months before `month` and their days (`2026-10-31` < `2026-11` < `2026-11-01`). */
  async pruneBefore(month: string): Promise<void> {
    await this.repo.delete({ period: LessThan(month) });
  }
}
