import { createAccount, TestAccount } from '../../factories/account.factory';
import { createTestApp, TestApp } from '../../utils/create-test-app';
import { idOf } from '../../utils/requests';

/** Bad input answered with an enveloped 4xx, never a 500 (issue: hardening). */
describe('Hostile input', () => {
  let t: TestApp;
  let a: TestAccount;

  beforeAll(async () => {
    t = await createTestApp();
    a = await createAccount(t);
  });
  afterAll(() => t.close());

  const enveloped4xx = (res: { status: number; body: { code?: number; error?: string } }) => {
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(res.body.code).toBe(res.status);
    expect(typeof res.body.error).toBe('string');
  };

  // S.EE's creation calls take null as "not given" (its Java SDK sends it); see see-contract.
  it.each([
    ['PUT', '/api/v1/shorten', { slug: 'x', domain: null }],
    ['PATCH', '/api/v1/texts/1', { burn_after_read: null }],
    ['PATCH', '/api/v1/links/1', { tag_ids: null }],
    ['DELETE', '/api/v1/text', { slug: 'x', domain: null }],
    ['PATCH', '/api/v1/links/1', { redirect_code: null }],
  ])('should refuse null where %s %s takes none', async (method, path, body) => {
    const res = await t.api()[method.toLowerCase() as 'post'](path).set(a.auth).send(body);
    enveloped4xx(res);
  });

  it('should refuse JSON nested 10,000 levels deep before validating it', async () => {
    const deep = `{"target_url":"https://x.example/","title":${'['.repeat(10_000)}${']'.repeat(10_000)}}`;
    const res = await t
      .api()
      .post('/api/v1/shorten')
      .set(a.auth)
      .set('Content-Type', 'application/json')
      .send(deep);
    enveloped4xx(res);
    expect(res.status).toBe(400);
  });

  it('should refuse a lone UTF-16 surrogate in a JSON string', async () => {
    const res = await t
      .api()
      .post('/api/v1/auth/signup')
      .set('Content-Type', 'application/json')
      .send('{"email":"a\\ud800@example.com","password":"long enough pw"}');
    enveloped4xx(res);
    expect(res.body.error).toBe('malformed_json');
  });

  it.each(['gzip', 'deflate', 'br'])(
    'should answer a body that claims Content-Encoding %s but is not with a 4xx',
    async (encoding) => {
      const res = await t
        .api()
        .post('/api/v1/shorten')
        .set(a.auth)
        .set('Content-Type', 'application/json')
        .set('Content-Encoding', encoding)
        .send('{"target_url":"https://x.example/"}');
      enveloped4xx(res);
    },
  );

  it.each(['9999999999999999', '100001'])('should refuse ?page=%s with 400', async (page) => {
    for (const path of ['/api/v1/links', '/api/v1/texts', '/api/v1/files']) {
      const res = await t.api().get(`${path}?page=${page}`).set(a.auth);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('validation_failed');
    }
  });

  it('should answer every non-canonical spelling of an id with 404, even for DELETE', async () => {
    const res = await t
      .api()
      .post('/api/v1/shorten')
      .set(a.auth)
      .send({ target_url: 'https://x.example/' })
      .expect(200);
    const id = idOf(res);
    const first = await t.api().get(`/api/v1/links/${id}`).set(a.auth);
    expect(first.status).toBe(200);
    const spellings = [
      `0x${id.toString(16)}`,
      `${id}e0`,
      `+${id}`,
      `%20${id}`,
      `0${id}`,
      `${id}.0`,
    ];
    for (const spelling of spellings) {
      enveloped4xx(await t.api().get(`/api/v1/links/${spelling}`).set(a.auth).expect(404));
      await t.api().delete(`/api/v1/links/${spelling}`).set(a.auth).expect(404);
      const still = await t.api().get(`/api/v1/links/${id}`).set(a.auth);
      expect([spelling, still.status]).toEqual([spelling, 200]);
    }
    await t.api().get('/api/v1/links/9007199254740993').set(a.auth).expect(404);
    await t.api().get(`/api/v1/links/${id}`).set(a.auth).expect(200);
  });

  it('should not take a token from ?signature[]= and answer 401', async () => {
    const res = await t.api().get(`/api/v1/links?signature[]=${a.token}`);
    expect(res.status).toBe(401);
  });

  it('should find a domain named with its default port', async () => {
    const res = await t
      .api()
      .post('/api/v1/shorten')
      .set(a.auth)
      .send({ target_url: 'https://x.example/port', domain: 'localhost:3000' })
      .expect(200);
    const slug = res.body.data.slug as string;
    await t.api().get(`/${slug}`).set('Host', 'LOCALHOST:3000').expect(302);
  });
});
