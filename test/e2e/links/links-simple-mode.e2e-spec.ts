import { createAccount, TestAccount } from '../../factories/account.factory';
import { createTestApp, TestApp } from '../../utils/create-test-app';
import { inSeconds, shareRequests, idOf } from '../../utils/requests';

describe('Short links', () => {
  let t: TestApp;
  let a: TestAccount;

  beforeAll(async () => {
    t = await createTestApp({ SHORT_DOMAINS: 'localhost:3000,go.test' });
    a = await createAccount(t);
  });
  afterAll(() => t.close());

  const { shorten, visit } = shareRequests(
    () => t,
    () => a,
  );

  describe('GET /api/v1/shorten (simple mode)', () => {
    it('should answer the short URL alone as plain text', async () => {
      const res = await t
        .api()
        .get('/api/v1/shorten')
        .query({ signature: a.token, url: 'https://example.com/simple', custom_slug: 'simple1' })
        .expect(200);
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
      expect(res.text).toBe('http://localhost:3000/simple1');
      expect((await visit('simple1')).headers.location).toBe('https://example.com/simple');
    });

    it('should answer the envelope with json=true', async () => {
      const res = await t
        .api()
        .get('/api/v1/shorten')
        .query({ signature: a.token, url: 'https://example.com/j', json: 'true' })
        .expect(200);
      expect(res.body).toMatchObject({ code: 200, message: 'success' });
      expect(res.body).not.toHaveProperty('success');
      expect(res.body.data.short_url).toBe(`http://localhost:3000/${res.body.data.slug}`);
    });

    it('should take every field, tag_ids repeated or comma-separated', async () => {
      const t1 = (await t.api().post('/api/v1/tags').set(a.auth).send({ name: 's1' })).body.data;
      const t2 = (await t.api().post('/api/v1/tags').set(a.auth).send({ name: 's2' })).body.data;
      const res = await t
        .api()
        .get(
          `/api/v1/shorten?signature=${a.token}&url=https://example.com/f&json=true` +
            `&title=Hello&tag_ids=${t1.id},${t2.id}&password=pw&expire_at=${inSeconds(3600)}`,
        )
        .expect(200);
      const link = await t
        .api()
        .get(`/api/v1/links/${idOf(res)}`)
        .set(a.auth);
      expect(link.body.data).toMatchObject({ title: 'Hello', has_password: true });
      expect(link.body.data.tags.map((x: { id: number }) => x.id).sort()).toEqual(
        [t1.id, t2.id].sort(),
      );
      const repeated = await t
        .api()
        .get(
          `/api/v1/shorten?signature=${a.token}&url=https://example.com/g&json=true` +
            `&tag_ids=${t1.id}&tag_ids=${t2.id}`,
        )
        .expect(200);
      const again = await t
        .api()
        .get(`/api/v1/links/${idOf(repeated)}`)
        .set(a.auth);
      expect(again.body.data.tags).toHaveLength(2);
    });

    it('should answer errors as plain text with the matching status', async () => {
      const bad = await t
        .api()
        .get('/api/v1/shorten')
        .query({ signature: a.token, url: 'javascript:alert(1)' })
        .expect(400);
      expect(bad.headers['content-type']).toMatch(/^text\/plain/);
      expect(bad.text).toMatch(/url must be an absolute http or https URL/);
      const noToken = await t.api().get('/api/v1/shorten').query({ url: 'https://x.example' });
      expect(noToken.status).toBe(401);
      expect(noToken.headers['content-type']).toMatch(/^text\/plain/);
      await shorten({ target_url: 'https://example.com/1', custom_slug: 'simple-taken' });
      const taken = await t
        .api()
        .get('/api/v1/shorten')
        .query({ signature: a.token, url: 'https://x.example', custom_slug: 'simple-taken' })
        .expect(409);
      expect(taken.text).toMatch(/taken/);
    });

    it('should answer errors as the envelope with json=true', async () => {
      const res = await t
        .api()
        .get('/api/v1/shorten')
        .query({ signature: a.token, url: 'nope', json: 'true' })
        .expect(400);
      expect(res.body).toMatchObject({ code: 400, success: false, error: 'validation_failed' });
    });
  });
});
