import { ClickBuffer } from '../../src/links/visits/click-buffer';
import { LinksRepository } from '../../src/links/links.repository';
import { createAccount, TestAccount } from '../factories/account.factory';
import { createTestApp, TestApp } from '../utils/create-test-app';

const HOST = 'localhost:3000';
const inSeconds = (s: number) => Math.floor(Date.now() / 1000) + s;

describe('Short links', () => {
  let t: TestApp;
  let a: TestAccount;
  let b: TestAccount;

  beforeAll(async () => {
    t = await createTestApp({ SHORT_DOMAINS: 'localhost:3000,go.test' });
    a = await createAccount(t);
    b = await createAccount(t);
  });
  afterAll(() => t.close());

  const shorten = (body: Record<string, unknown>, who: TestAccount = a) =>
    t.api().post('/api/v1/shorten').set(who.auth).send(body);
  const visit = (slug: string, host = HOST) => t.api().get(`/${slug}`).set('Host', host);

  describe('POST /api/v1/shorten', () => {
    it('should create a link with a random base62 slug on the default domain', async () => {
      const res = await shorten({ target_url: 'https://example.com/path?q=1' }).expect(200);
      expect(res.body).toMatchObject({ code: 200, success: true, message: 'success' });
      const { id, slug, custom_slug, short_url } = res.body.data;
      expect(id).toEqual(expect.any(Number));
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

    it.each([['has space'], ['dot.ted'], ['ünï'], ['a'.repeat(65)], ['']])(
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
      expect(res.body).toMatchObject({ code: 200, success: true, message: 'success' });
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
      const link = await t.api().get(`/api/v1/links/${res.body.data.id}`).set(a.auth);
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
      const again = await t.api().get(`/api/v1/links/${repeated.body.data.id}`).set(a.auth);
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

  describe('the redirect', () => {
    it('should answer GET with 302, Location and no caching', async () => {
      await shorten({ target_url: 'https://example.com/go', custom_slug: 'go1' }).expect(200);
      for (let i = 0; i < 2; i++) {
        // The first visit goes through Nest, the second is a cache hit: same answer.
        const res = await visit('go1').expect(302);
        expect(res.headers.location).toBe('https://example.com/go');
        expect(res.headers['cache-control']).toMatch(/no-store/);
        expect(res.text ?? '').toBe('');
      }
    });

    it('should answer HEAD the same way, with no body', async () => {
      await shorten({ target_url: 'https://example.com/head', custom_slug: 'head1' }).expect(200);
      const res = await t.api().head('/head1').set('Host', HOST).expect(302);
      expect(res.headers.location).toBe('https://example.com/head');
    });

    it('should send identical headers from the fast path and the Nest path', async () => {
      await shorten({ target_url: 'https://example.com/same', custom_slug: 'same1' }).expect(200);
      const strip = (h: Record<string, string>) => {
        const { date: _date, ...rest } = h;
        return rest;
      };
      const first = await visit('same1');
      const second = await visit('same1');
      expect(strip(second.headers)).toEqual(strip(first.headers));
    });

    it('should use the per-link redirect code', async () => {
      await shorten({
        target_url: 'https://example.com/p',
        custom_slug: 'perm',
        redirect_code: 301,
      });
      await visit('perm').expect(301);
      await visit('perm').expect(301);
    });

    it('should answer an unknown slug with a 404 page for browsers and JSON for clients', async () => {
      const page = await visit('no-such-slug').set('Accept', 'text/html').expect(404);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.headers['content-security-policy']).toContain("default-src 'none'");
      expect(page.text).toContain('Not found');
      const json = await visit('no-such-slug').expect(404);
      expect(json.body).toMatchObject({ code: 404, success: false, error: 'not_found' });
    });

    it('should answer an expired link with 410', async () => {
      const res = await shorten({ target_url: 'https://example.com/e', expire_at: inSeconds(60) });
      t.clock.advance(61_000);
      try {
        const page = await visit(res.body.data.slug).set('Accept', 'text/html').expect(410);
        expect(page.text).toContain('expired');
        const json = await visit(res.body.data.slug).expect(410);
        expect(json.body.error).toBe('gone');
      } finally {
        t.clock.reset();
      }
    });

    it('should stop serving a cached link once it expires', async () => {
      const res = await shorten({
        target_url: 'https://example.com/soon',
        expire_at: inSeconds(2),
      });
      await visit(res.body.data.slug).expect(302);
      await visit(res.body.data.slug).expect(302);
      t.clock.advance(2_100);
      try {
        await visit(res.body.data.slug).expect(410);
      } finally {
        t.clock.reset();
      }
    });

    it('should send an expired link to expiration_redirect_url when set', async () => {
      const res = await shorten({
        target_url: 'https://example.com/live',
        expire_at: inSeconds(60),
        expiration_redirect_url: 'https://example.com/expired',
      }).expect(200);
      t.clock.advance(61_000);
      try {
        const visitRes = await visit(res.body.data.slug).expect(302);
        expect(visitRes.headers.location).toBe('https://example.com/expired');
      } finally {
        t.clock.reset();
      }
    });

    it('should count visits without writing on the request path', async () => {
      const res = await shorten({ target_url: 'https://example.com/c', custom_slug: 'counted' });
      for (let i = 0; i < 3; i++) await visit('counted').expect(302);
      await t.api().head('/counted').set('Host', HOST).expect(302);
      await t.app.get(ClickBuffer).flush();
      const link = await t.api().get(`/api/v1/links/${res.body.data.id}`).set(a.auth);
      expect(link.body.data.clicks).toBe(3);
    });
  });

  describe('passwords', () => {
    const form = (slug: string, password: string) =>
      t.api().post(`/${slug}`).set('Host', HOST).type('form').send({ password });

    it('should store only a hash of the password', async () => {
      const res = await shorten({ target_url: 'https://example.com/s', password: 'open sesame' });
      const row = await t.app.get(LinksRepository).getBySlug(1, res.body.data.slug);
      expect(row?.passwordHash).toMatch(/^scrypt\$/);
      expect(row?.passwordHash).not.toContain('open sesame');
    });

    it('should show a form, refuse a wrong password, and open with the right one', async () => {
      await shorten({
        target_url: 'https://example.com/secret',
        custom_slug: 'locked1',
        password: 'open sesame',
      }).expect(200);
      const page = await visit('locked1').expect(401);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.headers['content-security-policy']).toBeDefined();
      expect(page.text).toContain('<form method="post" action="/locked1">');
      expect(page.text).not.toContain('example.com/secret');

      const wrong = await form('locked1', 'nope').expect(401);
      expect(wrong.text).toContain('Wrong password');

      const right = await form('locked1', 'open sesame').expect(303);
      expect(right.headers.location).toBe('/locked1');
      const cookie = right.headers['set-cookie'][0];
      expect(cookie).toMatch(/^ld_pw_\d+=/);
      expect(cookie).toContain('Path=/locked1');
      expect(cookie).toContain('HttpOnly');
      expect(cookie).toContain('SameSite=Lax');

      const opened = await visit('locked1').set('Cookie', cookie.split(';')[0]).expect(302);
      expect(opened.headers.location).toBe('https://example.com/secret');
      // Never cached: the next visit without the cookie is locked again.
      await visit('locked1').expect(401);
    });

    it('should not let the cookie of one link open another', async () => {
      await shorten({ target_url: 'https://a.example/', custom_slug: 'lockA', password: 'same' });
      await shorten({ target_url: 'https://b.example/', custom_slug: 'lockB', password: 'same' });
      const right = await form('lockA', 'same').expect(303);
      const [nameValue] = right.headers['set-cookie'][0].split(';');
      const value = nameValue.split('=')[1];
      const idB = (await t.app.get(LinksRepository).getBySlug(1, 'lockB'))!.id;
      await visit('lockB').set('Cookie', `ld_pw_${idB}=${value}`).expect(401);
      await visit('lockB').set('Cookie', nameValue).expect(401);
    });

    it('should refuse a forged or expired cookie', async () => {
      await shorten({ target_url: 'https://c.example/', custom_slug: 'lockC', password: 'pw' });
      const id = (await t.app.get(LinksRepository).getBySlug(1, 'lockC'))!.id;
      await visit('lockC').set('Cookie', `ld_pw_${id}=9999999999.forged`).expect(401);
      await visit('lockC').set('Cookie', `ld_pw_${id}=1.whatever`).expect(401);
    });

    it('should accept the password in X-Link-Password for API clients', async () => {
      await shorten({ target_url: 'https://d.example/', custom_slug: 'lockD', password: 'pw' });
      const ok = await visit('lockD').set('X-Link-Password', 'pw').expect(302);
      expect(ok.headers.location).toBe('https://d.example/');
      const bad = await visit('lockD').set('X-Link-Password', 'nope').expect(401);
      expect(bad.body).toMatchObject({ success: false, error: 'password_required' });
    });

    it('should throttle wrong passwords per client and link', async () => {
      await shorten({ target_url: 'https://e.example/', custom_slug: 'lockE', password: 'pw' });
      await shorten({ target_url: 'https://f.example/', custom_slug: 'lockF', password: 'pw' });
      for (let i = 0; i < 5; i++) await form('lockE', `wrong ${i}`).expect(401);
      const limited = await form('lockE', 'pw').set('Accept', 'text/html').expect(429);
      expect(limited.text).toContain('Too many');
      const api = await visit('lockE').set('X-Link-Password', 'pw').expect(429);
      expect(api.body).toMatchObject({ error: 'rate_limited' });
      // Another link is not affected.
      await form('lockF', 'pw').expect(303);
    });
  });

  describe('managing links', () => {
    it('should update by domain and slug (PUT /shorten) and serve the new target at once', async () => {
      await shorten({ target_url: 'https://old.example/', custom_slug: 'upd1' }).expect(200);
      await visit('upd1').expect(302);
      await visit('upd1').expect(302); // now cached
      const res = await t
        .api()
        .put('/api/v1/shorten')
        .set(a.auth)
        .send({ slug: 'upd1', target_url: 'https://new.example/', title: 'New' })
        .expect(200);
      expect(res.body.data).toMatchObject({ target_url: 'https://new.example/', title: 'New' });
      expect((await visit('upd1')).headers.location).toBe('https://new.example/');
    });

    it('should delete by domain and slug (DELETE /shorten) and stop redirecting at once', async () => {
      await shorten({ target_url: 'https://gone.example/', custom_slug: 'del1' }).expect(200);
      await visit('del1').expect(302);
      await visit('del1').expect(302);
      const res = await t
        .api()
        .delete('/api/v1/shorten')
        .set(a.auth)
        .send({ slug: 'del1' })
        .expect(200);
      expect(res.body).toMatchObject({ code: 200, success: true, data: { deleted: true } });
      await visit('del1').expect(404);
      // The address is free again.
      await shorten({ target_url: 'https://again.example/', custom_slug: 'del1' }).expect(200);
      expect((await visit('del1')).headers.location).toBe('https://again.example/');
    });

    it('should update and delete by id (PATCH/DELETE /links/:id)', async () => {
      const { id } = (await shorten({ target_url: 'https://p.example/', custom_slug: 'pat1' })).body
        .data;
      await visit('pat1').expect(302);
      await visit('pat1').expect(302);
      const patched = await t
        .api()
        .patch(`/api/v1/links/${id}`)
        .set(a.auth)
        .send({ target_url: 'https://q.example/', password: 'pw' })
        .expect(200);
      expect(patched.body.data).toMatchObject({
        target_url: 'https://q.example/',
        has_password: true,
      });
      await visit('pat1').expect(401); // now protected: the cached entry must be gone
      await t
        .api()
        .patch(`/api/v1/links/${id}`)
        .set(a.auth)
        .send({ password: null, title: null })
        .expect(200);
      expect((await visit('pat1')).headers.location).toBe('https://q.example/');
      await t.api().delete(`/api/v1/links/${id}`).set(a.auth).expect(200);
      await t.api().get(`/api/v1/links/${id}`).set(a.auth).expect(404);
      await visit('pat1').expect(404);
    });

    it('should refuse bad input on update', async () => {
      const { id } = (await shorten({ target_url: 'https://r.example/' })).body.data;
      const res = await t
        .api()
        .patch(`/api/v1/links/${id}`)
        .set(a.auth)
        .send({ target_url: 'javascript:alert(1)', expire_at: inSeconds(-5) })
        .expect(400);
      expect(res.body.data.errors).toHaveProperty('target_url');
      await t
        .api()
        .patch(`/api/v1/links/${id}`)
        .set(a.auth)
        .send({ expire_at: inSeconds(-5) })
        .expect(400);
      await t.api().patch(`/api/v1/links/${id}`).set(a.auth).send({ slug: 'x' }).expect(400);
    });

    it("should answer another account's link as if it did not exist", async () => {
      const { id } = (await shorten({ target_url: 'https://mine.example/', custom_slug: 'mine1' }))
        .body.data;
      await t.api().get(`/api/v1/links/${id}`).set(b.auth).expect(404);
      await t
        .api()
        .patch(`/api/v1/links/${id}`)
        .set(b.auth)
        .send({ target_url: 'https://theirs.example/' })
        .expect(404);
      await t.api().delete(`/api/v1/links/${id}`).set(b.auth).expect(404);
      await t
        .api()
        .put('/api/v1/shorten')
        .set(b.auth)
        .send({ slug: 'mine1', target_url: 'https://theirs.example/' })
        .expect(404);
      await t.api().delete('/api/v1/shorten').set(b.auth).send({ slug: 'mine1' }).expect(404);
      expect((await visit('mine1')).headers.location).toBe('https://mine.example/');
      const list = await t.api().get('/api/v1/links?per_page=100').set(b.auth).expect(200);
      expect(list.body.data.map((l: { id: number }) => l.id)).not.toContain(id);
    });
  });

  describe('listing', () => {
    let c: TestAccount;
    let tagId: number;
    beforeAll(async () => {
      c = await createAccount(t);
      tagId = (await t.api().post('/api/v1/tags').set(c.auth).send({ name: 'work' })).body.data.id;
      for (let i = 1; i <= 5; i++) {
        await shorten(
          {
            target_url: `https://list.example/${i}`,
            title: i === 3 ? 'The 100% third_one' : `Link ${i}`,
            tag_ids: i % 2 ? [tagId] : [],
            ...(i === 5 ? { domain: 'go.test' } : {}),
          },
          c,
        ).expect(200);
      }
    });
    const list = (query: string) => t.api().get(`/api/v1/links?${query}`).set(c.auth);

    it('should list newest first, paged', async () => {
      const all = await list('').expect(200);
      const targets = all.body.data.map((l: { target_url: string }) => l.target_url);
      expect(targets).toEqual([5, 4, 3, 2, 1].map((i) => `https://list.example/${i}`));
      const page2 = await list('per_page=2&page=2').expect(200);
      expect(page2.body.data.map((l: { target_url: string }) => l.target_url)).toEqual([
        'https://list.example/3',
        'https://list.example/2',
      ]);
      expect((await list('page=9').expect(200)).body.data).toEqual([]);
    });

    it('should filter by tag, domain, kind and search text', async () => {
      expect((await list(`tag_id=${tagId}`)).body.data).toHaveLength(3);
      expect((await list('domain=go.test')).body.data).toHaveLength(1);
      expect((await list('kind=redirect')).body.data).toHaveLength(5);
      expect((await list('kind=text')).body.data).toHaveLength(0);
      const found = await list(`q=${encodeURIComponent('100% THIRD_')}`).expect(200);
      expect(found.body.data.map((l: { title: string }) => l.title)).toEqual([
        'The 100% third_one',
      ]);
      expect((await list('q=list.example/4')).body.data).toHaveLength(1);
      expect((await list('q=%25')).body.data).toHaveLength(1);
    });

    it('should refuse bad paging and filters', async () => {
      for (const q of ['page=0', 'page=x', 'per_page=1000', 'kind=nope', 'tag_id=-1', 'foo=1']) {
        const res = await list(q);
        expect(res.status).toBe(400);
        expect(res.body.error).toBe('validation_failed');
      }
    });
  });

  describe('tags', () => {
    it('should create, list, rename and delete tags; names unique per account', async () => {
      const created = await t.api().post('/api/v1/tags').set(a.auth).send({ name: ' news ' });
      expect(created.status).toBe(201);
      expect(created.body.data.name).toBe('news');
      const dup = await t.api().post('/api/v1/tags').set(a.auth).send({ name: 'news' });
      expect(dup.status).toBe(409);
      expect(dup.body.error).toBe('conflict');
      await t.api().post('/api/v1/tags').set(b.auth).send({ name: 'news' }).expect(201);

      const renamed = await t
        .api()
        .patch(`/api/v1/tags/${created.body.data.id}`)
        .set(a.auth)
        .send({ name: 'press' })
        .expect(200);
      expect(renamed.body.data.name).toBe('press');
      const list = await t.api().get('/api/v1/tags').set(a.auth).expect(200);
      expect(list.body.data.map((x: { name: string }) => x.name)).toContain('press');
      await t.api().post('/api/v1/tags').set(a.auth).send({ name: '' }).expect(400);
    });

    it('should unlink a deleted tag from its links', async () => {
      const tag = (await t.api().post('/api/v1/tags').set(a.auth).send({ name: 'temp' })).body.data;
      const { id } = (await shorten({ target_url: 'https://t.example/', tag_ids: [tag.id] })).body
        .data;
      await t.api().delete(`/api/v1/tags/${tag.id}`).set(a.auth).expect(200);
      const link = await t.api().get(`/api/v1/links/${id}`).set(a.auth).expect(200);
      expect(link.body.data.tags).toEqual([]);
    });

    it('should replace tags on update', async () => {
      const x = (await t.api().post('/api/v1/tags').set(a.auth).send({ name: 'x1' })).body.data;
      const y = (await t.api().post('/api/v1/tags').set(a.auth).send({ name: 'y1' })).body.data;
      const { id } = (await shorten({ target_url: 'https://u.example/', tag_ids: [x.id] })).body
        .data;
      const res = await t
        .api()
        .patch(`/api/v1/links/${id}`)
        .set(a.auth)
        .send({ tag_ids: [y.id] })
        .expect(200);
      expect(res.body.data.tags.map((z: { name: string }) => z.name)).toEqual(['y1']);
    });

    it("should answer another account's tag as not found", async () => {
      const tag = (await t.api().post('/api/v1/tags').set(a.auth).send({ name: 'private' })).body
        .data;
      await t
        .api()
        .patch(`/api/v1/tags/${tag.id}`)
        .set(b.auth)
        .send({ name: 'stolen' })
        .expect(404);
      await t.api().delete(`/api/v1/tags/${tag.id}`).set(b.auth).expect(404);
      const list = await t.api().get('/api/v1/tags').set(b.auth).expect(200);
      expect(list.body.data.map((x: { name: string }) => x.name)).not.toContain('private');
    });
  });

  it('should count links in the account usage', async () => {
    const c = await createAccount(t);
    await shorten({ target_url: 'https://count.example/' }, c).expect(200);
    await shorten({ target_url: 'https://count.example/2' }, c).expect(200);
    const res = await t.api().get('/api/v1/account').set(c.auth).expect(200);
    expect(res.body.data.usage).toMatchObject({ links: 2, texts: 0, files: 0 });
  });
});
