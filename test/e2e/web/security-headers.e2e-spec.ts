import { createAccount, TestAccount } from '../../factories/account.factory';
import { createTestApp, TestApp } from '../../utils/create-test-app';

describe('Security headers and CORS', () => {
  let t: TestApp;
  let a: TestAccount;
  beforeAll(async () => {
    t = await createTestApp();
    a = await createAccount(t);
  });
  afterAll(() => t.close());

  it('should send helmet headers with the API, whose JSON may load nothing', async () => {
    const res = await t.api().get('/api/v1/links').set(a.auth).expect(200);
    expect(res.headers['content-security-policy']).toBe(
      "default-src 'none';frame-ancestors 'none'",
    );
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it("should keep a page's own policy (its script's hash)", async () => {
    const text = await t
      .api()
      .post('/api/v1/text')
      .set(a.auth)
      .send({ content: 'x = 1\n', text_type: 'source_code', language: 'python' })
      .expect(200);
    const page = await t.api().get(`/${text.body.data.slug}`).expect(200);
    expect(page.headers['content-security-policy']).toMatch(/script-src 'self' 'sha256-[^']+'/);
    expect(page.headers['x-frame-options']).toBe('DENY');
  });

  it('should answer CORS preflights on the API for any origin, without credentials', async () => {
    const res = await t
      .api()
      .options('/api/v1/shorten')
      .set('Origin', 'https://elsewhere.example')
      .set('Access-Control-Request-Method', 'POST')
      .set('Access-Control-Request-Headers', 'authorization,content-type')
      .expect(204);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['access-control-allow-headers']).toContain('Authorization');
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    const simple = await t
      .api()
      .get('/api/v1/links')
      .set(a.auth)
      .set('Origin', 'https://elsewhere.example');
    expect(simple.headers['access-control-expose-headers']).toContain('RateLimit-Remaining');
  });

  it('should not open public pages to other origins', async () => {
    const res = await t.api().get('/no-such-page').set('Origin', 'https://elsewhere.example');
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });
});
