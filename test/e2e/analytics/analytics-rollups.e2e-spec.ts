import { VisitRecorder } from '../../../src/analytics/capture/visit-recorder';
import { DataSource } from 'typeorm';
import { VisitRetention } from '../../../src/analytics/store/visit-retention';
import { sumAccountRollups } from '../../../src/database/migrations/1763703100000-AccountRollups';
import { firstKeyOf } from '../../../src/common/visitor-key';
import { createAccount, TestAccount } from '../../factories/account.factory';
import { createTestApp, TestApp } from '../../utils/create-test-app';
import { HOST, idOf } from '../../utils/requests';

const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';
const BOT = 'Googlebot/2.1 (+http://www.google.com/bot.html)';
const unix = (iso: string) => Date.parse(iso) / 1000;
interface Stats {
  totals: { visits: number; uniques: number; bots: number };
  series: { t: number; visits: number; uniques: number }[];
  top: Record<string, { id?: number; visits: number }[]>;
}

describe('Visit rollups', () => {
  let t: TestApp;
  let a: TestAccount;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: '1', ANALYTICS_RETENTION_DAYS: '10' });
    a = await createAccount(t);
  });
  afterAll(() => t.close());
  afterEach(() => t.clock.reset());

  const shorten = async (slug: string) =>
    idOf(
      await t
        .api()
        .post('/api/v1/shorten')
        .set(a.auth)
        .send({ target_url: 'https://example.com/r', custom_slug: slug })
        .expect(200),
    );
  const visit = (slug: string, ip: string, ua = FIREFOX) =>
    t.api().get(`/${slug}`).set('Host', HOST).set('User-Agent', ua).set('X-Forwarded-For', ip);
  const at = (iso: string) => t.clock.advance(Date.parse(iso) - t.clock.now());
  const get = async <T = Stats>(path: string, query: Record<string, string | number> = {}) => {
    await t.app.get(VisitRecorder).flush();
    const res = await t.api().get(path).query(query).set(a.auth);
    expect(res.status).toBe(200);
    return res.body.data as T;
  };

  it('should keep the counts after the raw visits are gone', async () => {
    const id = await shorten('ro1');
    at('2026-05-01T10:00:00Z');
    await visit('ro1', '198.51.100.1').expect(302);
    await visit('ro1', '198.51.100.2').expect(302);
    await visit('ro1', '198.51.100.3', BOT).expect(302);
    const range = { from: unix('2026-05-01T00:00:00Z'), to: unix('2026-05-01T23:59:59Z') };
    const before = await get(`/api/v1/links/${id}/stats`, range);
    expect(before.totals).toEqual({ visits: 2, uniques: 2, bots: 1, qr_scans: 0 });
    const kolkata = await get(`/api/v1/links/${id}/stats`, { ...range, tz: 'Asia/Kolkata' });
    expect(kolkata.totals).toEqual({ visits: 2, uniques: 2, bots: 1, qr_scans: 0 });
    const onlyBots = await get(`/api/v1/links/${id}/stats`, {
      ...range,
      tz: 'Asia/Kolkata',
      bots: 'only',
    });
    expect(onlyBots.totals).toEqual({ visits: 1, uniques: 1, bots: 1, qr_scans: 0 });
    // The day's visitors are forgotten after the next day (their salt is gone).
    const may1 = Math.floor(Date.parse('2026-05-01T00:00:00Z') / 86_400_000);
    const visitorsOfMay1 = async () =>
      Number(
        (
          await t.app
            .get(DataSource)
            .query<{ n: unknown }[]>(
              'SELECT COUNT(*) AS n FROM visitor_days WHERE visitor_key >= ? AND visitor_key < ?',
              [firstKeyOf(may1), firstKeyOf(may1 + 1)],
            )
        )[0].n,
      );
    expect(await visitorsOfMay1()).toBe(3);
    at('2026-05-02T10:00:00Z');
    await t.app.get(VisitRetention).sweep();
    expect(await visitorsOfMay1()).toBe(3);
    at('2026-05-20T10:00:00Z');
    expect(await t.app.get(VisitRetention).sweep()).toBeGreaterThanOrEqual(3);
    expect(await visitorsOfMay1()).toBe(0);
    expect(await get<unknown[]>(`/api/v1/links/${id}/visits`)).toEqual([]);
    const after = await get(`/api/v1/links/${id}/stats`, range);
    expect(after).toEqual(before);
    expect(await get<object>('/api/v1/link/visit-stat', { slug: 'ro1' })).toEqual({
      visit_count: 2,
    });
  });

  it('should count a visitor once a day, in the bucket of the first visit', async () => {
    const id = await shorten('ro2');
    at('2026-06-01T09:10:00Z');
    await visit('ro2', '198.51.100.7').expect(302);
    at('2026-06-01T11:40:00Z');
    await visit('ro2', '198.51.100.7').expect(302);
    at('2026-06-02T08:00:00Z');
    await visit('ro2', '198.51.100.7').expect(302);
    const day = { from: unix('2026-06-01T09:00:00Z'), to: unix('2026-06-01T11:59:59Z') };
    const hours = await get(`/api/v1/links/${id}/stats`, { ...day, interval: 'hour' });
    expect(hours.series).toEqual([
      { t: unix('2026-06-01T09:00:00Z'), visits: 1, uniques: 1 },
      { t: unix('2026-06-01T10:00:00Z'), visits: 0, uniques: 0 },
      { t: unix('2026-06-01T11:00:00Z'), visits: 1, uniques: 0 },
    ]);
    const days = await get(`/api/v1/links/${id}/stats`, {
      from: unix('2026-06-01T00:00:00Z'),
      to: unix('2026-06-02T23:59:59Z'),
    });
    expect(days.totals).toEqual({ visits: 3, uniques: 2, bots: 0, qr_scans: 0 });
    expect(days.series.map((b) => b.uniques)).toEqual([1, 1]);
  });

  it('should show visit_count (people, all time) in lists and details', async () => {
    const id = await shorten('ro3');
    await visit('ro3', '198.51.100.8').expect(302);
    await visit('ro3', '198.51.100.9').expect(302);
    await visit('ro3', '198.51.100.9', BOT).expect(302);
    await t.app.get(VisitRecorder).flush();
    const one = await get<object>(`/api/v1/links/${id}`);
    expect(one).toMatchObject({ id, visit_count: 2 });
    const list = await get<{ id: number; visit_count: number }[]>('/api/v1/links');
    expect(list.find((l) => l.id === id)?.visit_count).toBe(2);
    expect(list.every((l) => typeof l.visit_count === 'number')).toBe(true);
  });

  it("should sum the account's shares and name the most visited", async () => {
    const b = await createAccount(t);
    const mk = async (slug: string) =>
      idOf(
        await t
          .api()
          .post('/api/v1/shorten')
          .set(b.auth)
          .send({ target_url: 'https://example.com/b', custom_slug: slug })
          .expect(200),
      );
    const [x, y] = [await mk('ro4x'), await mk('ro4y')];
    at('2026-07-01T12:00:00Z');
    await visit('ro4x', '198.51.100.10').expect(302);
    await visit('ro4y', '198.51.100.10').expect(302);
    await visit('ro4y', '198.51.100.11').expect(302);
    await t.app.get(VisitRecorder).flush();
    const range = { from: unix('2026-07-01T00:00:00Z'), to: unix('2026-07-01T23:59:59Z') };
    const res = await t.api().get('/api/v1/stats').query(range).set(b.auth).expect(200);
    const d = res.body.data;
    expect(d.totals).toEqual({ visits: 3, uniques: 3, bots: 0, qr_scans: 0 });
    expect(d.series).toEqual([{ t: range.from, visits: 3, uniques: 3 }]);
    expect(d.top.shares.map((s: { id: number; visits: number }) => [s.id, s.visits])).toEqual([
      [y, 2],
      [x, 1],
    ]);
    // Another account's numbers are its own.
    const mine = await get('/api/v1/stats', range);
    expect(mine.totals.visits).toBe(0);

    // A share deleted since: its visits stay in the account's, it leaves the top list.
    await t.api().delete(`/api/v1/links/${y}`).set(b.auth).expect(200);
    const after = (await t.api().get('/api/v1/stats').query(range).set(b.auth).expect(200)).body
      .data;
    expect(after.totals).toEqual(d.totals);
    expect(after.top.shares.map((s: { id: number }) => s.id)).toEqual([x]);
  });

  it("should sum the account's rows from its shares' rows as the migration does", async () => {
    const c = await createAccount(t);
    const ids: number[] = [];
    for (const slug of ['ro5a', 'ro5b']) {
      const res = await t
        .api()
        .post('/api/v1/shorten')
        .set(c.auth)
        .send({ target_url: 'https://example.com/c', custom_slug: slug })
        .expect(200);
      ids.push(idOf(res));
    }
    at('2026-08-01T23:30:00Z');
    await visit('ro5a', '198.51.100.20').expect(302);
    await visit('ro5b', '198.51.100.21', BOT).expect(302);
    at('2026-08-02T00:10:00Z');
    await visit('ro5b', '198.51.100.21').expect(302);
    await t.app.get(VisitRecorder).flush();
    const range = { from: unix('2026-08-01T00:00:00Z'), to: unix('2026-08-02T23:59:59Z') };
    const stats = async () =>
      (
        await t
          .api()
          .get('/api/v1/stats')
          .query({ ...range, bots: 'include' })
          .set(c.auth)
      ).body.data as Stats;
    const written = await stats();
    const db = t.app.get(DataSource);
    const rows = async () => {
      const sql = 'SELECT * FROM account_rollups WHERE account_id = ? ORDER BY span, start, bot';
      const found: Record<string, unknown>[] = await db.query(sql, [c.id]);
      // Counts compared as objects: the order of their keys is the order they were first seen.
      return found.map((r) => ({ ...r, counts: JSON.parse(r.counts as string) as unknown }));
    };
    const byWriter = await rows();
    await db.query('DELETE FROM account_rollups');
    await sumAccountRollups(db);
    expect(await rows()).toEqual(byWriter);
    expect(await stats()).toEqual(written);
    expect(written.totals).toMatchObject({ visits: 3, bots: 1 });
  });
});
