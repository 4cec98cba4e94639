import { DataSource } from 'typeorm';
import { OrphanVisits } from '../../../src/analytics/capture/orphan-visits';
import { VisitRecorder } from '../../../src/analytics/capture/visit-recorder';
import { createAccount, TestAccount } from '../../factories/account.factory';
import { png } from '../../factories/file.factory';
import { createTestApp, TestApp } from '../../utils/create-test-app';
import { HOST, idOf } from '../../utils/requests';

describe('Orphan visits, the CSV log and what a download counts', () => {
  let t: TestApp;
  let a: TestAccount;
  /** Made an admin by the first test. */
  let admin: TestAccount;
  beforeAll(async () => {
    t = await createTestApp();
    a = await createAccount(t);
  });
  afterAll(() => t.close());

  const log = async (id: number) => {
    await t.app.get(VisitRecorder).flush();
    const res = await t.api().get(`/api/v1/links/${id}/visits`).set(a.auth).expect(200);
    return res.body.data as unknown[];
  };

  it('should count unknown addresses per domain and path, for admins only on system domains', async () => {
    await t.api().get('/no-such-slug').set('Host', HOST).expect(404);
    await t.api().get('/no-such-slug').set('Host', HOST).expect(404);
    await t.api().get('/no-such-slug').set('Host', HOST).set('User-Agent', 'Slackbot 1.0');
    await t.api().head('/no-such-slug').set('Host', HOST).expect(404);
    await t.api().get('/wp-login.php').set('Host', HOST).expect(404);
    await t.app.get(OrphanVisits).flush();
    const plain = await t.api().get('/api/v1/stats/orphans').set(a.auth).expect(200);
    expect(plain.body.data).toEqual([]);
    admin = await createAccount(t);
    await t.app
      .get(DataSource)
      .query('UPDATE accounts SET is_admin = ? WHERE id = ?', [1, admin.id]);
    const res = await t.api().get('/api/v1/stats/orphans').set(admin.auth).expect(200);
    const [domain] = res.body.data as { domain: string; visits: number; paths: object[] }[];
    expect(domain).toMatchObject({ domain: HOST, visits: 3, bots: 1 });
    expect(domain.paths).toEqual([
      { path: '/no-such-slug', visits: 2, bots: 1, last_at: expect.any(Number) },
      { path: '/wp-login.php', visits: 1, bots: 0, last_at: expect.any(Number) },
    ]);
  });

  it('should store the other counts when a domain is removed before they are written', async () => {
    const orphans = t.app.get(OrphanVisits);
    const [{ id }] = await t.app
      .get(DataSource)
      .query<{ id: number }[]>('SELECT id FROM domains WHERE host = ?', [HOST]);
    // A custom domain removed after its visit was counted: no row of `domains` holds its id.
    orphans.record(Number(id) + 1_000_000, '/was-here', undefined);
    orphans.record(Number(id), '/after-removal', undefined);
    await orphans.flush();
    const res = await t.api().get('/api/v1/stats/orphans').set(admin.auth).expect(200);
    const paths = (res.body.data as { paths: { path: string }[] }[]).flatMap((d) => d.paths);
    expect(paths.map((p) => p.path)).toContain('/after-removal');
    expect(paths.map((p) => p.path)).not.toContain('/was-here');
    // Nothing was put back to wait for the next flush.
    expect(orphans.waiting).toBe(0);
  });

  it('should stream the whole log as CSV, owner only', async () => {
    const link = await t
      .api()
      .post('/api/v1/shorten')
      .set(a.auth)
      .send({ target_url: 'https://example.com/c', custom_slug: 'csv1' })
      .expect(200);
    const id = idOf(link);
    await t.api().get('/csv1').set('Host', HOST).set('Referer', '=HYPERLINK("x")').expect(302);
    await t.api().get('/csv1').set('Host', HOST).set('User-Agent', 'curl/8.0').expect(302);
    expect(await log(id)).toHaveLength(2);
    const res = await t.api().get(`/api/v1/links/${id}/visits?format=csv`).set(a.auth).expect(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="visits-${id}.csv"`);
    const lines = res.text.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'at,bot,qr,referrer,referrer_host,country,browser,os,device,language,' +
        'variant,utm_source,utm_medium,utm_campaign,visitor',
    );
    expect(lines).toHaveLength(3);
    // A formula is never handed to a spreadsheet as one.
    expect(lines[2]).toContain(`"'=HYPERLINK(""x"")"`);
    const other = await createAccount(t);
    const foreign = await t.api().get(`/api/v1/links/${id}/visits?format=csv`).set(other.auth);
    expect(foreign.status).toBe(404);
    expect(foreign.body.error).toBe('not_found');
    const bad = await t.api().get(`/api/v1/links/${id}/visits?format=xml`).set(a.auth);
    expect(bad.status).toBe(400);
  });

  it('should count a download once: not HEAD, not later range chunks', async () => {
    const up = await t
      .api()
      .post('/api/v1/file/upload')
      .set(a.auth)
      .attach('file', png(40, 40), 'p.png')
      .expect(200);
    const {
      file_id: id,
      url,
      page,
    } = up.body.data as { file_id: number; url: string; page: string };
    const bytes = new URL(url).pathname;
    const slug = new URL(page).pathname;
    await t.api().get(bytes).expect(200);
    await t.api().get(bytes).set('Range', 'bytes=0-9').expect(206);
    await t.api().get(bytes).set('Range', 'bytes=10-19').expect(206);
    await t.api().head(bytes).expect(200);
    await t.api().get(`${slug}/raw`).set('Host', HOST).set('Range', 'bytes=20-').expect(206);
    await t.api().get(`${slug}/raw`).set('Host', HOST).expect(200);
    expect(await log(id)).toHaveLength(3);
    const history = await t.api().get('/api/v1/files').set(a.auth).expect(200);
    const entry = (history.body.data as { file_id: number; visit_count: number }[]).find(
      (f) => f.file_id === id,
    );
    expect(entry?.visit_count).toBe(3);
  });

  it('should store what is waiting when an instance shuts down', async () => {
    const link = await t
      .api()
      .post('/api/v1/shorten')
      .set(a.auth)
      .send({ target_url: 'https://example.com/d', custom_slug: 'down1' })
      .expect(200);
    const other = await createTestApp({ DB_URL: t.dbUrl });
    for (let i = 0; i < 3; i++) await other.api().get('/down1').set('Host', HOST).expect(302);
    // No flush: closing the app must write them.
    await other.close();
    expect(await log(idOf(link))).toHaveLength(3);
  });
});
