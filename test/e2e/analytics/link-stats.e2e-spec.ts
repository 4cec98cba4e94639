import { VisitRecorder } from '../../../src/analytics/capture/visit-recorder';
import { createAccount, TestAccount } from '../../factories/account.factory';
import { createTestApp, TestApp } from '../../utils/create-test-app';
import { HOST, idOf } from '../../utils/requests';

const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const unix = (iso: string) => Date.parse(iso) / 1000;

describe('Link stats', () => {
  let t: TestApp;
  let a: TestAccount;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: '1' });
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
        .send({ target_url: 'https://example.com/s', custom_slug: slug })
        .expect(200),
    );
  const visit = (slug: string, ua: string, ip: string, referer?: string) => {
    const req = t.api().get(`/${slug}`).set('Host', HOST).set('User-Agent', ua);
    req.set('X-Forwarded-For', ip).set('Accept-Language', 'fr-FR');
    return (referer ? req.set('Referer', referer) : req).expect(302);
  };
  const stats = async (id: number, query: Record<string, string | number>) => {
    await t.app.get(VisitRecorder).flush();
    return t.api().get(`/api/v1/links/${id}/stats`).query(query).set(a.auth);
  };

  it('should answer totals, uniques, bots and top lists for the last 30 days', async () => {
    const id = await shorten('st1');
    await visit('st1', FIREFOX, '198.51.100.1', 'https://news.example/a');
    await visit('st1', FIREFOX, '198.51.100.1', 'https://news.example/b');
    await visit('st1', IPHONE, '198.51.100.2');
    await visit('st1', 'Googlebot/2.1 (+http://www.google.com/bot.html)', '198.51.100.3');
    const res = await stats(id, {});
    expect(res.status).toBe(200);
    const d = res.body.data;
    expect(d).toMatchObject({ interval: 'day', tz: 'UTC' });
    expect(d.to - d.from).toBe(30 * 86_400);
    expect(d.totals).toEqual({ visits: 3, uniques: 2, bots: 1, qr_scans: 0 });
    expect(d.series.length).toBeGreaterThanOrEqual(30);
    expect(d.series.at(-1)).toMatchObject({ visits: 3, uniques: 2 });
    expect(d.top.referrers).toEqual([
      { value: 'news.example', visits: 2 },
      { value: 'unknown', visits: 1 },
    ]);
    expect(d.top.browsers).toEqual([
      { value: 'Firefox', visits: 2 },
      { value: 'Mobile Safari', visits: 1 },
    ]);
    expect(d.top.devices).toEqual([
      { value: 'desktop', visits: 2 },
      { value: 'mobile', visits: 1 },
    ]);
    expect(d.top.languages).toEqual([{ value: 'fr-fr', visits: 3 }]);
    const bots = await stats(id, { bots: 'only' });
    expect(bots.body.data.totals).toEqual({ visits: 1, uniques: 1, bots: 1, qr_scans: 0 });
  });

  it('should count QR code scans apart and every country for the map', async () => {
    const id = await shorten('st-qr');
    const from = async (ip: string, query = '') =>
      t.api().get(`/st-qr${query}`).set('Host', HOST).set('X-Forwarded-For', ip).expect(302);
    await from('8.8.8.8', '?qr=1');
    await from('8.8.4.4', '?qr=1');
    await from('2001:4860:4860::8888');
    await from('198.51.100.30');
    const d = (await stats(id, {})).body.data;
    expect(d.totals).toEqual({ visits: 4, uniques: 4, bots: 0, qr_scans: 2 });
    // Google's resolvers are in the US and CA in the bundled database; a TEST-NET address in none.
    const countries = Object.entries(d.by_country as Record<string, number>);
    expect(countries.reduce((n, [, v]) => n + v, 0)).toBe(3);
    expect(countries.every(([code]) => /^[A-Z]{2}$/.test(code))).toBe(true);
  });

  it('should put a visit at 23:30 UTC on the next day in Europe/Berlin', async () => {
    const id = await shorten('st2');
    t.clock.advance(Date.parse('2026-03-10T23:30:00Z') - Date.now());
    await visit('st2', FIREFOX, '198.51.100.9');
    const range = { from: unix('2026-03-10T00:00:00Z'), to: unix('2026-03-11T23:59:59Z') };
    const utc = (await stats(id, { ...range, tz: 'UTC' })).body.data.series;
    expect(utc).toEqual([
      { t: unix('2026-03-10T00:00:00Z'), visits: 1, uniques: 1 },
      { t: unix('2026-03-11T00:00:00Z'), visits: 0, uniques: 0 },
    ]);
    const berlin = (await stats(id, { ...range, tz: 'Europe/Berlin' })).body.data.series;
    // The range ends at 00:59:59 on March 12 in Berlin: that day has a bucket too.
    expect(berlin).toEqual([
      { t: unix('2026-03-09T23:00:00Z'), visits: 0, uniques: 0 },
      { t: unix('2026-03-10T23:00:00Z'), visits: 1, uniques: 1 },
      { t: unix('2026-03-11T23:00:00Z'), visits: 0, uniques: 0 },
    ]);
    const kolkata = await stats(id, { ...range, tz: 'Asia/Kolkata', interval: 'hour' });
    const hit = (kolkata.body.data.series as { t: number; visits: number }[]).find((b) => b.visits);
    expect(hit?.t).toBe(unix('2026-03-10T23:30:00Z'));
  });

  it('should refuse a bad zone, interval or range, and hide other accounts\u2019 shares', async () => {
    const id = await shorten('st3');
    expect((await stats(id, { tz: 'Mars/Olympus' })).status).toBe(400);
    expect((await stats(id, { interval: 'minute' })).status).toBe(400);
    expect((await stats(id, { from: 200, to: 100 })).status).toBe(400);
    expect((await stats(id, { interval: 'hour', from: 0, to: 100_000_000 })).status).toBe(400);
    const b = await createAccount(t);
    const other = await t.api().get(`/api/v1/links/${id}/stats`).set(b.auth);
    expect(other.status).toBe(404);
  });
});
