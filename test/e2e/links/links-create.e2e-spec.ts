import { TestAccount } from '../../factories/account.factory';
import { TestApp } from '../../utils/create-test-app';
import { idOf, inSeconds, shareRequests } from '../../utils/requests';
import { appWithTwoAccounts, Suite } from '../../utils/suite';

describe('Short links', () => {
  let t: TestApp;
  let a: TestAccount;
  let b: TestAccount;

  appWithTwoAccounts({ SHORT_DOMAINS: 'localhost:3000,go.test' }, (s: Suite) => ({ t, a, b } = s));

  const { shorten, visit } = shareRequests(
    () => t,
    () => a,
  );

  describe('POST /api/v1/shorten', () => {
    it('should create a link with a random base62 slug on the default domain', async () => {
      const res = await shorten({ target_url: 'https://example.com/path?q=1' }).expect(200);
      // S.EE's answer exactly: no `success`, the three fields; the link's own address in Location.
      expect(res.body).toEqual({
        code: 200,
        message: 'success',
        data: { slug: expect.any(String), custom_slug: '', short_url: expect.any(String) },
      });
      const { slug, custom_slug, short_url } = res.body.data;
      expect(idOf(res)).toEqual(expect.any(Number));
      expect(slug).toMatch(/^[A-Za-z0-9]{6}$/);
      expect(custom_slug).toBe('');
      expect(short_url).toBe(`http://localhost:3000/${slug}`);
    });

    it('should use the custom slug asked for', async () => {
      const res = await shorten({ target_url: 'https://example.com', custom_slug: 'my-Link_1' });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({
        slug: 'my-Link_1',
        custom_slug: 'my-Link_1',
        short_url: 'http://localhost:3000/my-Link_1',
      });
    });

    it('should treat slugs as case-sensitive', async () => {
      await shorten({ target_url: 'https://example.com/lower', custom_slug: 'casey' }).expect(200);
      await shorten({ target_url: 'https://example.com/upper', custom_slug: 'Casey' }).expect(200);
      expect((await visit('casey')).headers.location).toBe('https://example.com/lower');
      expect((await visit('Casey')).headers.location).toBe('https://example.com/upper');
    });

    it.each([
      ['javascript:alert(1)'],
      ['data:text/html,<script>alert(1)</script>'],
      ['file:///etc/passwd'],
      ['ftp://example.com/file'],
      ['/relative/path'],
      ['not a url'],
      [`https://example.com/${'a'.repeat(2040)}`],
    ])('should refuse target_url %s', async (target) => {
      const res = await shorten({ target_url: target.slice(0, 3000) }).expect(400);
      expect(res.body).toMatchObject({ code: 400, success: false, error: 'validation_failed' });
      expect(res.body.data.errors).toHaveProperty('target_url');
    });

    it('should refuse a missing target_url', async () => {
      const res = await shorten({}).expect(400);
      expect(res.body.data.errors).toHaveProperty('target_url');
    });

    it('should refuse a domain that is not one of ours', async () => {
      const res = await shorten({ target_url: 'https://example.com', domain: 'evil.test' });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, error: 'domain_not_allowed' });
    });

    it.each([['has space'], ['dot.ted'], ['ünï'], ['a'.repeat(65)]])(
      'should refuse the malformed slug "%s"',
      async (slug) => {
        const res = await shorten({ target_url: 'https://example.com', custom_slug: slug });
        expect(res.status).toBe(400);
        expect(res.body.data.errors).toHaveProperty('custom_slug');
      },
    );

    it.each([['api'], ['health'], ['U'], ['Account']])(
      'should refuse the reserved slug %s',
      async (slug) => {
        const res = await shorten({ target_url: 'https://example.com', custom_slug: slug });
        expect(res.status).toBe(400);
        expect(res.body.error).toBe('slug_reserved');
      },
    );

    it('should refuse a slug that is taken on the domain, even by another account', async () => {
      await shorten({ target_url: 'https://example.com/1', custom_slug: 'taken' }).expect(200);
      const res = await shorten({ target_url: 'https://example.com/2', custom_slug: 'taken' }, b);
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ code: 409, success: false, error: 'slug_taken' });
      expect((await visit('taken')).headers.location).toBe('https://example.com/1');
    });

    it('should allow the same slug on two domains, each Host getting its own', async () => {
      await shorten({ target_url: 'https://one.example/', custom_slug: 'twin' }).expect(200);
      const res = await shorten({
        target_url: 'https://two.example/',
        custom_slug: 'twin',
        domain: 'GO.test',
      }).expect(200);
      expect(res.body.data.short_url).toBe('http://go.test/twin');
      expect((await visit('twin')).headers.location).toBe('https://one.example/');
      expect((await visit('twin', 'go.test')).headers.location).toBe('https://two.example/');
    });

    it('should refuse expire_at in the past or not a number', async () => {
      const past = await shorten({ target_url: 'https://example.com', expire_at: inSeconds(-10) });
      expect(past.status).toBe(400);
      expect(past.body.data.errors).toHaveProperty('expire_at');
      const text = await shorten({ target_url: 'https://example.com', expire_at: 'tomorrow' });
      expect(text.status).toBe(400);
      expect(text.body.data.errors).toHaveProperty('expire_at');
    });

    it("should refuse tag_ids that are not the caller's", async () => {
      const theirs = await t.api().post('/api/v1/tags').set(b.auth).send({ name: 'theirs' });
      const res = await shorten({
        target_url: 'https://example.com',
        tag_ids: [theirs.body.data.id],
      });
      expect(res.status).toBe(400);
      expect(res.body.data.errors).toHaveProperty('tag_ids');
      const bad = await shorten({ target_url: 'https://example.com', tag_ids: ['x'] });
      expect(bad.status).toBe(400);
    });

    it('should refuse a redirect code other than 301, 302, 307, 308', async () => {
      const res = await shorten({ target_url: 'https://example.com', redirect_code: 303 });
      expect(res.status).toBe(400);
      expect(res.body.data.errors).toHaveProperty('redirect_code');
    });

    it('should leave no row behind when creation fails', async () => {
      await shorten({ target_url: 'https://example.com', custom_slug: 'row-taken' }).expect(200);
      const before = await t.api().get('/api/v1/links?per_page=100').set(a.auth);
      await shorten({ target_url: 'https://example.com', custom_slug: 'row-taken' }).expect(409);
      await shorten({ target_url: 'https://example.com', tag_ids: [999999] }).expect(400);
      const after = await t.api().get('/api/v1/links?per_page=100').set(a.auth);
      expect(after.body.data.length).toBe(before.body.data.length);
    });

    it('should need a token', async () => {
      const res = await t.api().post('/api/v1/shorten').send({ target_url: 'https://x.example' });
      expect(res.status).toBe(401);
      expect(res.body.error).toBe('unauthorized');
    });
  });
});
