import { VisitRecorder } from '../../../src/analytics/capture/visit-recorder';
import { VisitStream } from '../../../src/analytics/capture/visit-stream';
import { VisitsRepository } from '../../../src/analytics/store/visits.repository';
import { createAccount, TestAccount } from '../../factories/account.factory';
import { createTestApp, TestApp } from '../../utils/create-test-app';
import { HOST, idOf } from '../../utils/requests';

// Instances on one database and one Redis: visits go through a Redis Stream. Needs TEST_REDIS_URL.
const redisUrl = process.env.TEST_REDIS_URL;

(redisUrl ? describe : describe.skip)('Visits through a Redis Stream', () => {
  let one: TestApp;
  let two: TestApp;
  let a: TestAccount;
  const shared = (dbUrl?: string) => ({
    REDIS_URL: redisUrl!,
    ANALYTICS_STREAM_CLAIM_SECONDS: '1',
    ...(dbUrl ? { DB_URL: dbUrl } : {}),
  });
  beforeAll(async () => {
    one = await createTestApp(shared());
    two = await createTestApp(shared(one.dbUrl));
    a = await createAccount(one);
  });
  afterAll(async () => {
    await two.close();
    await one.close();
  });

  const shorten = async (slug: string) =>
    idOf(
      await one
        .api()
        .post('/api/v1/shorten')
        .set(a.auth)
        .send({ target_url: 'https://example.com/s', custom_slug: slug })
        .expect(200),
    );
  const visits = async (t: TestApp, slug: string, n: number) => {
    for (let i = 0; i < n; i++) {
      await t.api().get(`/${slug}`).set('Host', HOST).set('X-Forwarded-For', `192.0.2.${i}`);
    }
  };
  const stored = async (id: number) => {
    const res = await one.api().get(`/api/v1/links/${id}/visits?per_page=100`).set(a.auth);
    const stat = await one.api().get(`/api/v1/links/${id}`).set(a.auth);
    return {
      raw: (res.body.data as unknown[]).length,
      counted: stat.body.data.visit_count as number,
    };
  };
  const flushBoth = () => Promise.all([one, two].map((t) => t.app.get(VisitRecorder).flush()));
  /**
   * Flushes both until `expected` visits are stored (a batch that lost a race on a visit's
   * stream id is tried again at the next flush), then twice more: the count must not move.
   */
  const settle = async (id: number, expected: number) => {
    for (let i = 0; i < 20 && (await stored(id)).raw < expected; i++) {
      await flushBoth();
      await new Promise((r) => setTimeout(r, 100));
    }
    await flushBoth();
    await flushBoth();
    return stored(id);
  };

  it('should store the visits of both instances exactly once', async () => {
    const id = await shorten('rs1');
    await visits(one, 'rs1', 12);
    await visits(two, 'rs1', 9);
    expect(await settle(id, 21)).toEqual({ raw: 21, counted: 21 });
  });

  it('should take over what a stopped instance took, and store it once', async () => {
    const id = await shorten('rs2');
    const dead = await createTestApp(shared(one.dbUrl));
    try {
      // It stores five visits but stops before acknowledging them...
      const stream = dead.app.get(VisitStream);
      const done = stream.done.bind(stream);
      stream.done = () => Promise.reject(new Error('stopped'));
      await visits(dead, 'rs2', 5);
      await dead.app.get(VisitRecorder).flush();
      // ...and takes five more that it never stores.
      dead.app.get(VisitsRepository).store = () => Promise.reject(new Error('stopped'));
      await visits(dead, 'rs2', 5);
      await dead.app.get(VisitRecorder).flush();
      stream.done = done;
    } finally {
      await dead.close();
    }
    await new Promise((r) => setTimeout(r, 1100));
    expect(await settle(id, 10)).toEqual({ raw: 10, counted: 10 });
  });

  it('should count a visitor once whichever instance stores the visit', async () => {
    const id = await shorten('rs3');
    for (const t of [one, two, one, two]) await t.api().get('/rs3').set('Host', HOST);
    // Whichever instance stores each visit hashes it with the day's salt from Redis. Settled as
    // above: a flush may leave a visit to the next one (a lost race on its stream id).
    expect(await settle(id, 4)).toEqual({ raw: 4, counted: 4 });
    const res = await one.api().get(`/api/v1/links/${id}/stats`).set(a.auth).expect(200);
    expect(res.body.data.totals).toEqual({ visits: 4, uniques: 1, bots: 0, qr_scans: 0 });
  });
});
