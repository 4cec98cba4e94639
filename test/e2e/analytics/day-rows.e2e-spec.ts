import { DataSource, EntityManager } from 'typeorm';
import { DAYS_MARK } from '../../../src/analytics/rollups/rollup';
import { foldClosedHours } from '../../../src/analytics/store/sql/day-rows';
import { VisitsRepository } from '../../../src/analytics/store/visits.repository';
import { createAccount, TestAccount } from '../../factories/account.factory';
import { visitRow } from '../../factories/visit-row.factory';
import { createTestApp, TestApp } from '../../utils/create-test-app';
import { idOf, shareRequests } from '../../utils/requests';
import { dbKind } from '../../utils/test-database';
import { toColumns } from '../../../src/analytics/store/visit-columns';

const HOUR = 3600;
const DAY = 86_400;

// Day rows hold the hours before a mark; the hours past it are read beside them until a roll-up
// adds the closed ones to their days. Every read must count each visit once, before and after.
describe(`Day rows and the hours past their mark on ${dbKind()}`, () => {
  let t: TestApp;
  let a: TestAccount;
  beforeAll(async () => {
    t = await createTestApp();
    a = await createAccount(t);
  });
  afterAll(() => t.close());
  const { shorten } = shareRequests(
    () => t,
    () => a,
  );
  const db = () => t.app.get(DataSource);
  const mark = async () =>
    Number(
      (
        await db().query<{ value: string }[]>('SELECT value FROM settings WHERE name = ?', [
          DAYS_MARK,
        ])
      )[0].value,
    );
  const runner = (em: EntityManager) => ({
    mysql: dbKind() === 'mysql',
    query: (sql: string, params: unknown[]) => em.query(sql, params),
  });
  /** A roll-up's first step as if it ran at `now` (MySQL takes the mark exclusively the second time). */
  const foldAt = async (now: number) => {
    for (let i = 0; i < 2; i++) await db().transaction((em) => foldClosedHours(runner(em), now));
  };
  const sums = async (table: string, column: string, id: number) => {
    const rows = await db().query<{ span: string; n: unknown }[]>(
      `SELECT span, SUM(visits) AS n FROM ${table} WHERE ${column} = ? GROUP BY span`,
      [id],
    );
    return Object.fromEntries(rows.map((r) => [r.span, Number(r.n)]));
  };

  it('should count the hours past the mark in every read of days, and once after they are added', async () => {
    // A new database's days hold the hours before the current one.
    const now = Date.now() / 1000;
    expect((await mark()) % HOUR).toBe(0);
    expect(await mark()).toBeGreaterThan(now - 2 * HOUR);
    expect(await mark()).toBeLessThanOrEqual(now);
    // Hours from three hours on, then: nothing is closed past it before the test ends.
    const m = Math.floor(now / HOUR) * HOUR + 3 * HOUR;
    await db().query('UPDATE settings SET value = ? WHERE name = ?', [String(m), DAYS_MARK]);
    const id = idOf(await shorten({ target_url: 'https://example.com/days' }).expect(200));
    const visit = (at: number, country: string, over: object = {}) =>
      visitRow({
        linkId: id,
        accountId: a.id,
        at: new Date(at * 1000),
        country,
        visitorHash: `${at}${country}`.padEnd(16, '0'),
        ...over,
      });
    const repo = t.app.get(VisitsRepository);
    await repo.store(
      toColumns([
        visit(m + 600, 'DE'),
        visit(m + 1200, 'FR', { isBot: true }),
        visit(m + HOUR + 600, 'DE'),
        // Before the mark: added to its day at once.
        visit(m - 1800, 'US'),
      ]),
    );
    await repo.rollUpStored();
    expect(await sums('visit_rollups', 'link_id', id)).toEqual({ h: 4, d: 1 });

    const from = Math.floor((m - HOUR) / DAY) * DAY - DAY;
    const range = { from, to: from + 4 * DAY - 1, interval: 'day', bots: 'include' };
    const reads = async () => {
      const get = async (path: string, query: object = {}) =>
        (await t.api().get(path).query(query).set(a.auth).expect(200)).body.data as Record<
          string,
          unknown
        >;
      const link = await get(`/api/v1/links/${id}/stats`, range);
      const account = await get('/api/v1/stats', range);
      const { visit_count } = await get(`/api/v1/links/${id}`);
      return { link, account, visit_count };
    };
    const before = await reads();
    // Bots included: the French visit is one.
    expect(before.link.totals).toEqual({ visits: 4, uniques: 4, bots: 1, qr_scans: 0 });
    expect((before.link.top as Record<string, unknown>).countries).toEqual([
      { value: 'DE', visits: 2 },
      { value: 'FR', visits: 1 },
      { value: 'US', visits: 1 },
    ]);
    expect(before.account.totals).toEqual(before.link.totals);
    expect(before.visit_count).toBe(3);

    // The hours are closed: the next roll-up adds them to their days and moves the mark.
    await foldAt((m + 2 * HOUR + 300) * 1000);
    expect(await mark()).toBe(m + 2 * HOUR);
    expect(await sums('visit_rollups', 'link_id', id)).toEqual({ h: 4, d: 4 });
    expect(await sums('account_rollups', 'account_id', a.id)).toEqual({ h: 4, d: 4 });
    expect(await reads()).toEqual(before);
    // Nothing left to add: the next roll-up changes nothing.
    await foldAt((m + 2 * HOUR + 600) * 1000);
    expect(await sums('visit_rollups', 'link_id', id)).toEqual({ h: 4, d: 4 });

    // A late visit to an hour already added goes to its day with it.
    await repo.store(toColumns([visit(m + 900, 'FR')]));
    await repo.rollUpStored();
    expect(await sums('visit_rollups', 'link_id', id)).toEqual({ h: 5, d: 5 });
    const after = await reads();
    expect(after.link.totals).toEqual({ visits: 5, uniques: 5, bots: 1, qr_scans: 0 });
    expect(after.visit_count).toBe(4);
  });
});
