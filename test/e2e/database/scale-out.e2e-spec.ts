import { AccountsService } from '../../../src/auth/accounts.service';
import { RedirectCache } from '../../../src/links/resolve/redirect-cache';
import { createAccount } from '../../factories/account.factory';
import { createTestApp, TestApp } from '../../utils/create-test-app';

// Two instances on one database, as behind a load balancer. Needs a real Redis: TEST_REDIS_URL.
const redisUrl = process.env.TEST_REDIS_URL;

(redisUrl ? describe : describe.skip)('Two instances sharing Redis', () => {
  let one: TestApp;
  let two: TestApp;
  beforeAll(async () => {
    // Caches that trust what they read for a long time: only Redis can tell them of a change.
    const long = {
      REDIS_URL: redisUrl!,
      REDIRECT_CACHE_TTL_SECONDS: '3600',
      AUTH_CACHE_SECONDS: '60',
    };
    one = await createTestApp(long);
    two = await createTestApp({ ...long, DB_URL: one.dbUrl });
  });
  afterAll(async () => {
    await two.close();
    await one.close();
  });

  const until = async (check: () => Promise<boolean>) => {
    for (let i = 0; i < 50; i++) {
      if (await check()) return;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('condition not met within 2.5 s');
  };

  it('should stop serving a link on the other instance once it is updated or deleted', async () => {
    const a = await createAccount(one);
    await one
      .api()
      .post('/api/v1/shorten')
      .set(a.auth)
      .send({ target_url: 'https://old.example/', custom_slug: 'shared' })
      .expect(200);
    // Instance two reads it and caches it.
    for (let i = 0; i < 2; i++) {
      const res = await two.api().get('/shared').expect(302);
      expect(res.headers.location).toBe('https://old.example/');
    }
    await one
      .api()
      .put('/api/v1/shorten')
      .set(a.auth)
      .send({ slug: 'shared', target_url: 'https://new.example/' })
      .expect(200);
    await until(
      async () => (await two.api().get('/shared')).headers.location === 'https://new.example/',
    );
    await one.api().delete('/api/v1/shorten').set(a.auth).send({ slug: 'shared' }).expect(200);
    await until(async () => (await two.api().get('/shared')).status === 404);
  });

  it('should refuse a token revoked, or an account disabled, on the other instance', async () => {
    const a = await createAccount(one);
    const b = await createAccount(one);
    // Instance two reads both tokens and caches them.
    await two.api().get('/api/v1/tags').set(a.auth).expect(200);
    await two.api().get('/api/v1/tags').set(b.auth).expect(200);
    const listed = await one.api().get('/api/v1/tokens').set(a.auth).expect(200);
    const [{ id }] = listed.body.data as { id: number }[];
    await one.api().delete(`/api/v1/tokens/${id}`).set(a.auth).expect(200);
    await until(async () => (await two.api().get('/api/v1/tags').set(a.auth)).status === 401);
    await one.app.get(AccountsService).setDisabled(b.id, new Date());
    const error = async () =>
      (await two.api().get('/api/v1/tags').set(b.auth)).body.error as string;
    await until(async () => (await error()) === 'account_disabled');
    await one.app.get(AccountsService).setDisabled(b.id, null);
    await until(async () => (await two.api().get('/api/v1/tags').set(b.auth)).status === 200);
  });

  it('should not hear another installation on the same Redis', async () => {
    // Another database is another installation: its link 1/"same" is not this one's.
    const other = await createTestApp({ REDIS_URL: redisUrl!, REDIRECT_CACHE_TTL_SECONDS: '3600' });
    try {
      const make = async (t: TestApp, target: string) => {
        const owner = await createAccount(t);
        const body = { target_url: target, custom_slug: 'same' };
        await t.api().post('/api/v1/shorten').set(owner.auth).send(body).expect(200);
        return owner;
      };
      const mine = await make(one, 'https://mine.example/');
      await make(other, 'https://theirs.example/');
      await two.api().get('/same').expect(302);
      const cache = two.app.get(RedirectCache);
      expect(cache.get(1, 'same')).toBeDefined();
      // A change in the other installation reaches none of this one's instances...
      const theirs = other.app.get(RedirectCache);
      await theirs.invalidate(1, 'same');
      await new Promise((r) => setTimeout(r, 300));
      expect(cache.get(1, 'same')).toBeDefined();
      // ...while one of its own still does.
      await one
        .api()
        .put('/api/v1/shorten')
        .set(mine.auth)
        .send({ slug: 'same', target_url: 'https://mine.example/new' })
        .expect(200);
      await until(() => Promise.resolve(cache.get(1, 'same') === undefined));
    } finally {
      await other.close();
    }
  });

  it('should report Redis in readiness', async () => {
    const res = await two.api().get('/health/ready').expect(200);
    expect(res.body.data.checks).toEqual({ database: 'up', storage: 'up', redis: 'up' });
  });
});
