import { VisitRecorder } from '../../../src/analytics/capture/visit-recorder';
import { createAccount, TestAccount } from '../../factories/account.factory';
import { createTestApp, TestApp } from '../../utils/create-test-app';
import { canRunOwnMariaDb, OwnMariaDb } from '../../utils/own-mariadb';
import { dbKind } from '../../utils/test-database';
import { idOf } from '../../utils/requests';

// A MariaDB of this test's own (never the shared one), stopped, started again and frozen under
// a running service. Runs in the MySQL project where mariadbd is installed.
const run = dbKind() === 'mysql' && canRunOwnMariaDb();

(run ? describe : describe.skip)('The database going away', () => {
  let db: OwnMariaDb;
  let t: TestApp;
  let a: TestAccount;

  beforeAll(async () => {
    db = await OwnMariaDb.start();
    t = await createTestApp({ DB_URL: db.url, DB_QUERY_TIMEOUT_SECONDS: '2' });
    a = await createAccount(t);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await db?.destroy();
  });

  const visit = (slug: string) => t.api().get(`/${slug}`).set('Host', 'localhost:3000');
  const waitForApi = async () => {
    for (let i = 0; i < 100; i++) {
      const res = await t.api().get('/api/v1/links').set(a.auth);
      if (res.status === 200) return res;
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error('the API did not come back');
  };

  it('should answer 503 with Retry-After while it is stopped, keep visits, and lose nothing', async () => {
    const created = await t
      .api()
      .post('/api/v1/shorten')
      .set(a.auth)
      .send({ target_url: 'https://example.com/outage', custom_slug: 'outage' })
      .expect(200);
    await visit('outage').expect(302);
    await visit('outage').expect(302);
    await t.app.get(VisitRecorder).flush();

    await db.stop();
    const api = await t.api().get('/api/v1/links').set(a.auth).timeout(8000);
    expect(api.status).toBe(503);
    expect(api.body).toMatchObject({ code: 503, error: 'service_unavailable' });
    expect(Number(api.headers['retry-after'])).toBeGreaterThan(0);
    const write = await t
      .api()
      .post('/api/v1/shorten')
      .set(a.auth)
      .send({ target_url: 'https://example.com/lost' })
      .timeout(8000);
    expect(write.status).toBe(503);
    await t.api().get('/health/ready').timeout(5000).expect(503);
    // Cached redirects go on; their visits wait for the database.
    for (let i = 0; i < 3; i++) await visit('outage').expect(302);
    await t.app.get(VisitRecorder).flush();
    const waiting = await t.api().get('/health/ready').timeout(5000).expect(503);
    expect(waiting.body.data.analytics).toEqual({ visits_waiting: 3, visits_dropped: 0 });

    await db.resume();
    const links = (await waitForApi()).body.data as { id: number; slug: string }[];
    expect(links.map((l) => l.slug)).toEqual(['outage']);
    await t.app.get(VisitRecorder).flush();
    const after = await t
      .api()
      .get(`/api/v1/links/${idOf(created)}`)
      .set(a.auth);
    expect(after.body.data).toMatchObject({ clicks: 5, visit_count: 5 });
    const ready = await t.api().get('/health/ready').expect(200);
    expect(ready.body.data.analytics).toEqual({ visits_waiting: 0, visits_dropped: 0 });
  }, 60_000);

  it('should answer readiness within 5 s and API calls with 503 while it is frozen', async () => {
    await db.freeze();
    try {
      const ready = await t.api().get('/health/ready').timeout(5000);
      expect(ready.status).toBe(503);
      expect(ready.body.data.checks.database).toBe('down');
      // A fresh connection to a frozen server gives up after its 5 s connect timeout.
      const api = await t.api().get('/api/v1/links').set(a.auth).timeout(15_000);
      expect(api.status).toBe(503);
    } finally {
      db.thaw();
    }
    await waitForApi();
  }, 60_000);
});
