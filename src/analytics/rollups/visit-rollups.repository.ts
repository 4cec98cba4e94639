import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { DAY_SECONDS, DAYS_MARK, type DimCounts } from './rollup';
import { VisitRollup } from './visit-rollup.entity';

/** Whose visits: one share's, or every share of an account. */
export type Scope = { linkId: number } | { accountId: number };

export interface SeriesRow {
  start: number;
  bot: boolean;
  visits: number;
  uniques: number;
  /** [visits, uniques] by quarter-hour, when asked for (hours only). */
  quarters: [number, number][] | null;
}

/**
 * A share's rows, or an account's: its own rows (the sums of its shares' rows, written with
 * them), never its shares' rows summed at read time (a million of them over 90 days).
 */
const rowsOf = (scope: Scope): [table: string, column: string, id: number] =>
  'linkId' in scope
    ? ['visit_rollups', 'link_id', scope.linkId]
    : ['account_rollups', 'account_id', scope.accountId];

/** Reads of the rollups (written with the raw visits, by VisitsRepository). */
@Injectable()
export class VisitRollupsRepository {
  constructor(@InjectRepository(VisitRollup) private readonly repo: Repository<VisitRollup>) {}

  /** Totals of the `span` rows starting in [from, to) (Unix seconds), people and bots apart. */
  async series(
    scope: Scope,
    span: 'h' | 'd',
    from: number,
    to: number,
    quarters: boolean,
    bot?: boolean,
  ): Promise<SeriesRow[]> {
    if (from >= to) return [];
    // Plain SQL: thousands of hourly rows, and the query builder's mapping costs more than them.
    const [table, column, id] = rowsOf(scope);
    const where = `r.${column} = ?` + (bot === undefined ? '' : ' AND r.bot = ?');
    const params = [id, ...(bot === undefined ? [] : [+bot])];
    const columns = (start: string) =>
      `${start} AS start, r.bot AS bot, r.visits AS visits, r.uniques AS uniques` +
      (quarters ? ', r.quarters AS quarters' : '');
    const rows = await this.repo.query<Record<string, unknown>[]>(
      ...this.rowsIn(span, table, where, params, from, to, columns),
    );
    return rows.map((r) => ({
      start: Number(r.start),
      bot: Boolean(Number(r.bot)),
      visits: Number(r.visits),
      uniques: Number(r.uniques),
      quarters: quarters ? (JSON.parse(r.quarters as string) as [number, number][]) : null,
    }));
  }

  /** Bot visits in the hours starting in [from, to). */
  async botVisits(scope: Scope, from: number, to: number): Promise<number> {
    const [table, column, id] = rowsOf(scope);
    const [row] = await this.repo.query<{ n: number | string | null }[]>(
      `SELECT SUM(visits) AS n FROM ${table} WHERE ${column} = ? AND span = 'h' ` +
        'AND bot = 1 AND start >= ? AND start < ?',
      [id, from, to],
    );
    return Number(row?.n ?? 0);
  }

  /**
   * Hourly totals summed per bucket `[t, e)` by the database (a year of days is 365 rows, not
   * 8,760), people and bots apart.
   */
  async bucketSums(scope: Scope, buckets: [number, number][]): Promise<SeriesRow[]> {
    const out: SeriesRow[] = [];
    const rows = rowsOf(scope);
    const mysql = this.repo.manager.connection.options.type === 'mysql';
    for (let i = 0; i < buckets.length; i += 200) {
      const chunk = buckets.slice(i, i + 200);
      const sums = await this.repo.query<Record<string, unknown>[]>(
        ...(mysql ? byCase(rows, chunk) : byJoin(rows, chunk)),
      );
      for (const r of sums) {
        out.push({
          start: Number(r.t),
          bot: Boolean(Number(r.bot)),
          visits: Number(r.visits),
          uniques: Number(r.uniques),
          quarters: null,
        });
      }
    }
    return out;
  }

  /** The counts by dimension of the `span` rows starting in [from, to). */
  async dimCounts(
    scope: Scope,
    span: 'h' | 'd',
    from: number,
    to: number,
    bots: boolean[],
  ): Promise<DimCounts[]> {
    if (from >= to) return [];
    const [table, column, id] = rowsOf(scope);
    const where = `r.${column} = ? AND r.bot IN (${bots.map(() => '?').join(', ')})`;
    const params = [id, ...bots.map(Number)];
    const rows = await this.repo.query<{ counts: string }[]>(
      ...this.rowsIn(span, table, where, params, from, to, () => 'r.counts AS counts'),
    );
    return rows.map((r) => JSON.parse(r.counts) as DimCounts);
  }

  /** Visits by people to each of these shares since `since` (a UTC midnight, Unix s) or ever. */
  async humanVisits(linkIds: number[], since = 0): Promise<Map<number, number>> {
    const totals = new Map<number, number>(linkIds.map((id) => [id, 0]));
    if (linkIds.length === 0) return totals;
    // 400 shares a statement (a list of links is a page, an export may be all of them).
    for (let i = 0; i < linkIds.length; i += 400) {
      const ids = linkIds.slice(i, i + 400);
      const [sql, params] = this.rowsIn(
        'd',
        'visit_rollups',
        `r.link_id IN (${ids.map(() => '?').join(', ')}) AND r.bot = 0`,
        ids,
        since,
        Number.MAX_SAFE_INTEGER,
        () => 'r.link_id AS link, r.visits AS visits',
      );
      const rows = await this.repo.query<Record<string, unknown>[]>(
        `SELECT link, SUM(visits) AS visits FROM (${sql}) v GROUP BY link`,
        params,
      );
      for (const r of rows) totals.set(Number(r.link), Number(r.visits));
    }
    return totals;
  }

  /**
   * SQL for the `span` rows starting in [from, to) matching `where` (on `r`); `columns(start)`:
   * what each row gives, `start` its row's. Days (from and to UTC midnights): the day rows, and
   * the hour rows past the days' mark, which are not in their days yet (see day-rows.ts), each as
   * its day. One statement, so the mark and the rows are read at one moment: a mark moved between
   * two would have its hours counted twice, or not at all.
   */
  private rowsIn(
    span: 'h' | 'd',
    table: string,
    where: string,
    params: unknown[],
    from: number,
    to: number,
    columns: (start: string) => string,
  ): [string, unknown[]] {
    const own =
      `SELECT ${columns('r.start')} FROM ${table} r ` +
      `WHERE ${where} AND r.span = '${span}' AND r.start >= ? AND r.start < ?`;
    if (span === 'h') return [own, [...params, from, to]];
    const integer = this.repo.manager.connection.options.type === 'mysql' ? 'SIGNED' : 'INTEGER';
    return [
      `${own} UNION ALL ` +
        `SELECT ${columns(`r.start - r.start % ${DAY_SECONDS}`)} FROM settings m ` +
        `JOIN ${table} r ON ${where} AND r.span = 'h' AND r.start >= CAST(m.value AS ${integer}) ` +
        'AND r.start >= ? AND r.start < ? WHERE m.name = ?',
      [...params, from, to, ...params, from, to, DAYS_MARK],
    ];
  }
}

const SUMS = 'r.bot AS bot, SUM(r.visits) AS visits, SUM(r.uniques) AS uniques';

type RowsOf = ReturnType<typeof rowsOf>;

/** MariaDB: one range scan, a CASE naming each hour's bucket (a join scans once per bucket). */
function byCase([table, column, id]: RowsOf, b: [number, number][]): [string, unknown[]] {
  const cases = b.map(() => 'WHEN r.start < ? THEN ?').join(' ');
  return [
    `SELECT CASE ${cases} END AS t, ${SUMS} FROM ${table} r WHERE r.${column} = ? ` +
      "AND r.span = 'h' AND r.start >= ? AND r.start < ? GROUP BY t, r.bot",
    [...b.flatMap(([t, e]) => [e, t]), id, b[0][0], b[b.length - 1][1]],
  ];
}

/** SQLite: a join with a table of buckets, one index range each (its CASE is three times slower). */
function byJoin([table, column, id]: RowsOf, b: [number, number][]): [string, unknown[]] {
  const buckets = b
    .map((_, j) => (j ? 'SELECT ?, ?' : 'SELECT ? AS t, ? AS e'))
    .join(' UNION ALL ');
  return [
    `SELECT b.t AS t, ${SUMS} FROM (${buckets}) b JOIN ${table} r ON r.${column} = ? ` +
      "AND r.span = 'h' AND r.start >= b.t AND r.start < b.e GROUP BY b.t, r.bot",
    [...b.flat(), id],
  ];
}
