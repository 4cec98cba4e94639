import { randomBytes } from 'node:crypto';
import { AccountsService } from '../../../src/auth/accounts.service';
import { RedisService } from '../../../src/redis/redis.service';
import { createAccount } from '../../factories/account.factory';
import { createTestApp, TestApp } from '../../utils/create-test-app';
import { Visitor } from '../../utils/visitor';

const randomIp = () => `198.51.100.${1 + (randomBytes(1)[0] % 250)}`;
const randomEmail = () => `rl-${randomBytes(6).toString('hex')}@example.com`;

describe('Rate limits', () => {
  let t: TestApp;
  beforeAll(
    async () =>
      (t = await createTestApp({
        TRUST_PROXY: '1',
        RATE_LIMIT_API_PER_MINUTE: '5',
        AUTH_LOGIN_PER_MINUTE_PER_IP: '5',
        AUTH_LOGIN_PER_MINUTE_PER_ACCOUNT: '3',
        AUTH_SIGNUPS_PER_HOUR_PER_IP: '2',
      })),
  );
  afterAll(() => t.close());

  const login = (email: string, forwardedFor: string) =>
    t
      .api()
      .post('/api/v1/auth/login')
      .set('X-Forwarded-For', forwardedFor)
      .send({ email, password: 'wrong password!' });

  it('should stop log-in guesses from one IP, however the client spells X-Forwarded-For', async () => {
    const ip = randomIp();
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      // What the client sends comes first; the proxy (one trusted hop) appends the real address.
      statuses.push((await login(randomEmail(), `10.9.${i}.1, ${ip}`)).status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
    const res = await login(randomEmail(), ip);
    expect(res.body).toMatchObject({ code: 429, success: false, error: 'rate_limited' });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('should stop guesses at one account from many IPs', async () => {
    const email = randomEmail();
    const statuses: number[] = [];
    // Addresses no other test uses: a shared one could be at its own limit already.
    for (let i = 0; i < 5; i++) statuses.push((await login(email, `203.0.113.${i + 1}`)).status);
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
  });

  it('should limit sign-ups per IP', async () => {
    const ip = randomIp();
    const signup = () =>
      t
        .api()
        .post('/api/v1/auth/signup')
        .set('X-Forwarded-For', ip)
        .send({ email: randomEmail(), password: 'long enough pw' });
    expect([(await signup()).status, (await signup()).status, (await signup()).status]).toEqual([
      201, 201, 429,
    ]);
  });

  it('should limit API calls per token, with RateLimit headers', async () => {
    const owner = await createAccount(t);
    const other = await createAccount(t);
    const first = await t.api().get('/api/v1/links').set(owner.auth).expect(200);
    expect(first.headers['ratelimit-limit']).toBe('5');
    expect(first.headers['ratelimit-remaining']).toBe('4');
    expect(Number(first.headers['ratelimit-reset'])).toBeGreaterThan(0);
    // The limit is the token's, across every route.
    for (const path of ['/api/v1/tags', '/api/v1/texts', '/api/v1/files', '/api/v1/account']) {
      await t.api().get(path).set(owner.auth).expect(200);
    }
    const limited = await t.api().get('/api/v1/tokens').set(owner.auth).expect(429);
    expect(limited.body.error).toBe('rate_limited');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    await t.api().get('/api/v1/links').set(other.auth).expect(200);
  });

  it('should count wrong current passwords on a password change as log-in attempts', async () => {
    const email = randomEmail();
    await t.app.get(AccountsService).create(email, 'a long password', 'free');
    const v = new Visitor(t);
    expect((await v.logIn(email, 'a long password')).status).toBe(303);
    const change = (current: string) =>
      v.post('/account/password', { current_password: current, new_password: 'another password' });
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await change('wrong password!')).status);
    // The log-in was the first of the account's three attempts this minute.
    expect(statuses).toEqual([400, 400, 429]);
    const right = await change('a long password');
    expect(right.status).toBe(429);
    expect(right.text).toContain('Too many attempts');
  });

  it("should count a browser session's API calls against its own account, not every session's", async () => {
    const [a, b] = [new Visitor(t), new Visitor(t)];
    for (const v of [a, b]) {
      const email = randomEmail();
      await t.app.get(AccountsService).create(email, 'a long password', 'free');
      expect((await v.logIn(email, 'a long password')).status).toBe(303);
    }
    const call = (v: Visitor) =>
      t
        .api()
        .get('/api/v1/links')
        .set('X-CSRF-Token', v.csrf)
        .set('Cookie', [...v.cookies].map(([k, val]) => `${k}=${val}`).join('; '));
    for (let i = 0; i < 5; i++) await call(a).expect(200);
    await call(a).expect(429);
    await call(b).expect(200);
  });
});

describe('Wrong link passwords sent all at once', () => {
  let t: TestApp;
  beforeAll(async () => (t = await createTestApp()));
  afterAll(() => t.close());

  it('should check exactly five of fifty and refuse the rest with 429', async () => {
    const a = await createAccount(t);
    const res = await t
      .api()
      .post('/api/v1/shorten')
      .set(a.auth)
      .send({ target_url: 'https://example.com/locked', password: 'right one' })
      .expect(200);
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        t.api().get(`/${res.body.data.slug}`).set('X-Link-Password', 'wrong'),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(45);
  });
});

const redisUrl = process.env.TEST_REDIS_URL;

(redisUrl ? describe : describe.skip)('Rate limits across two instances with Redis', () => {
  let one: TestApp;
  let two: TestApp;
  beforeAll(async () => {
    const settings = { REDIS_URL: redisUrl!, TRUST_PROXY: '1', AUTH_LOGIN_PER_MINUTE_PER_IP: '4' };
    one = await createTestApp(settings);
    two = await createTestApp({ ...settings, DB_URL: one.dbUrl });
    // Until its connection is up an instance counts alone (fail open): wait for both.
    for (const app of [one, two]) expect(await app.app.get(RedisService).ping(5000)).toBe(true);
  });
  afterAll(async () => {
    await two.close();
    await one.close();
  });

  it('should hold a limit however the requests are spread', async () => {
    const ip = `203.0.113.${1 + (randomBytes(1)[0] % 250)}`;
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const app = i % 2 ? two : one;
      const res = await app
        .api()
        .post('/api/v1/auth/login')
        .set('X-Forwarded-For', `${ip}`)
        .send({ email: randomEmail(), password: 'wrong password!' });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
  });
});
