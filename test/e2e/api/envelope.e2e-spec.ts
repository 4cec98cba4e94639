import { DataSource } from 'typeorm';
import { AccountOverviewService } from '../../../src/account/account-overview.service';
import { createAccount } from '../../factories/account.factory';
import { createTestApp, TestApp } from '../../utils/create-test-app';

describe('The envelope on every answer', () => {
  let t: TestApp;
  beforeAll(async () => (t = await createTestApp({ BODY_LIMIT: '1kb' })));
  afterAll(() => t.close());

  it('should answer an unknown route with an enveloped 404', async () => {
    const res = await t.api().get('/api/v1/nothing/here').expect(404);
    expect(res.body).toEqual({
      code: 404,
      success: false,
      message: 'Route not found',
      data: null,
      error: 'not_found',
    });
  });

  it('should answer malformed JSON with 400 malformed_json', async () => {
    const res = await t
      .api()
      .post('/api/v1/auth/login')
      .set('Content-Type', 'application/json')
      .send('{"email": ')
      .expect(400);
    expect(res.body).toMatchObject({ code: 400, success: false, error: 'malformed_json' });
  });

  it('should answer a body over the limit with 413', async () => {
    const res = await t
      .api()
      .post('/api/v1/auth/login')
      .send({ email: 'a@example.com', password: 'x'.repeat(4096) })
      .expect(413);
    expect(res.body).toMatchObject({ code: 413, success: false, error: 'payload_too_large' });
  });

  it('should answer a body that is not JSON with 415', async () => {
    const res = await t
      .api()
      .post('/api/v1/auth/login')
      .set('Content-Type', 'text/plain')
      .send('email=a@example.com')
      .expect(415);
    expect(res.body).toMatchObject({ code: 415, success: false, error: 'unsupported_media_type' });
  });

  it('should answer a form post to the API with 415', async () => {
    const res = await t
      .api()
      .post('/api/v1/auth/login')
      .type('form')
      .send({ email: 'a@example.com', password: 'long enough' })
      .expect(415);
    expect(res.body.error).toBe('unsupported_media_type');
  });

  it('should envelope deletes with 200 and a body', async () => {
    const a = await createAccount(t);
    const list = await t.api().get('/api/v1/tokens').set(a.auth).expect(200);
    const res = await t.api().delete(`/api/v1/tokens/${list.body.data[0].id}`).set(a.auth);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: 200, success: true, message: 'success' });
  });

  it('should answer an id that is not a number as not found', async () => {
    const a = await createAccount(t);
    const res = await t.api().delete('/api/v1/tokens/abc').set(a.auth).expect(404);
    expect(res.body.error).toBe('not_found');
  });

  it('should serve the OpenAPI document with the three auth forms', async () => {
    const res = await t.api().get('/api/docs/openapi.json').expect(200);
    expect(Object.keys(res.body.components.securitySchemes).sort()).toEqual([
      'bare',
      'bearer',
      'signature',
    ]);
    expect(res.body.paths).toHaveProperty('/api/v1/auth/signup');
    expect(res.body.paths).toHaveProperty('/api/v1/shorten');
  });

  it('should answer liveness and readiness', async () => {
    const live = await t.api().get('/health').expect(200);
    expect(live.body).toMatchObject({ code: 200, success: true, data: { status: 'ok' } });
    const ready = await t.api().get('/health/ready').expect(200);
    expect(ready.body.data.checks.database).toBe('up');
  });
});

describe('When the database goes away', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    token = (await createAccount(t)).token;
    await t.app.get(DataSource).destroy();
  });
  afterAll(() => t.close());

  it('should answer readiness with an enveloped 503', async () => {
    const res = await t.api().get('/health/ready').expect(503);
    expect(res.body).toMatchObject({
      code: 503,
      success: false,
      error: 'service_unavailable',
      data: { checks: { database: 'down' } },
    });
  });

  it('should answer API calls with 503 service_unavailable and Retry-After', async () => {
    const res = await t.api().get('/api/v1/account').set('Authorization', token).expect(503);
    expect(res.body).toMatchObject({ code: 503, success: false, error: 'service_unavailable' });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('An unexpected error', () => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp();
    token = (await createAccount(t)).token;
    jest
      .spyOn(t.app.get(AccountOverviewService), 'describe')
      .mockRejectedValue(new Error('secret internals at x.ts:12'));
  });
  afterAll(() => t.close());

  it('should answer with 500, an error id and no stack trace', async () => {
    const res = await t.api().get('/api/v1/account').set('Authorization', token).expect(500);
    expect(res.body).toMatchObject({ code: 500, success: false, error: 'internal_error' });
    expect(res.body.data.error_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.body.message).toContain(res.body.data.error_id);
    expect(JSON.stringify(res.body)).not.toMatch(/\bat \S+ \(|node_modules|\.ts:\d+|secret/);
  });
});

// Needs a real Redis: TEST_REDIS_URL (set by .ci/run).
const redisUrl = process.env.TEST_REDIS_URL;
(redisUrl ? describe : describe.skip)('Readiness with Redis configured', () => {
  it('should report Redis up when it answers and 503 when it does not', async () => {
    const up = await createTestApp({ REDIS_URL: redisUrl! });
    try {
      const res = await up.api().get('/health/ready').expect(200);
      expect(res.body.data.checks).toEqual({ database: 'up', storage: 'up', redis: 'up' });
    } finally {
      await up.close();
    }
    const down = await createTestApp({ REDIS_URL: 'redis://127.0.0.1:1' });
    try {
      const res = await down.api().get('/health/ready').expect(503);
      expect(res.body.data.checks).toEqual({ database: 'up', storage: 'up', redis: 'down' });
    } finally {
      await down.close();
    }
  });
});
