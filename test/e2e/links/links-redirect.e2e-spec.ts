import { VisitRecorder } from '../../../src/analytics/capture/visit-recorder';
import { createAccount, TestAccount } from '../../factories/account.factory';
import { createTestApp, TestApp } from '../../utils/create-test-app';
import { HOST, inSeconds, shareRequests, idOf } from '../../utils/requests';

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
      expect(page.text).toContain('Nothing here');
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

    it('should count every visit, bots too, from the pipeline that fills the stats', async () => {
      const res = await shorten({ target_url: 'https://example.com/c', custom_slug: 'counted' });
      for (let i = 0; i < 3; i++) await visit('counted').expect(302);
      await visit('counted').set('User-Agent', 'Googlebot/2.1').expect(302);
      await t.api().head('/counted').set('Host', HOST).expect(302);
      await t.app.get(VisitRecorder).flush();
      const link = await t
        .api()
        .get(`/api/v1/links/${idOf(res)}`)
        .set(a.auth);
      // clicks: people and bots; visit_count: people only. Both from the same rollup write.
      expect(link.body.data).toMatchObject({ clicks: 4, visit_count: 3 });
      const stats = await t
        .api()
        .get(`/api/v1/links/${idOf(res)}/stats`)
        .set(a.auth)
        .expect(200);
      expect(stats.body.data.totals).toMatchObject({ visits: 3, bots: 1 });
    });

    it('should write the counts of several links in one flush, each its own', async () => {
      const visits = { 'count-a': 2, 'count-b': 1, 'count-c': 1, 'count-d': 0 };
      const ids: Record<string, number> = {};
      for (const slug of Object.keys(visits)) {
        const res = await shorten({ target_url: `https://example.com/${slug}`, custom_slug: slug });
        ids[slug] = idOf(res);
      }
      for (const [slug, n] of Object.entries(visits)) {
        for (let i = 0; i < n; i++) await visit(slug).expect(302);
      }
      await t.app.get(VisitRecorder).flush();
      for (const [slug, n] of Object.entries(visits)) {
        const link = await t.api().get(`/api/v1/links/${ids[slug]}`).set(a.auth);
        expect([slug, link.body.data.clicks]).toEqual([slug, n]);
      }
    });
  });
});
