import { OrphanVisits } from '../../../src/analytics/capture/orphan-visits';
import { DomainsService } from '../../../src/domains/domains.service';
import { DataSource } from 'typeorm';
import { FastRedirectPath } from '../../../src/links/resolve/fast-redirect-path';
import { RedirectCacheRefresher } from '../../../src/links/resolve/redirect-cache-refresher';
import { createAccount, TestAccount } from '../../factories/account.factory';
import { createTestApp, TestApp } from '../../utils/create-test-app';
import { HOST, idOf, inSeconds } from '../../utils/requests';

describe('The fast redirect path', () => {
  let t: TestApp;
  let a: TestAccount;
  let fast: FastRedirectPath;

  beforeAll(async () => {
    t = await createTestApp();
    a = await createAccount(t);
    fast = t.app.get(FastRedirectPath);
  });
  afterAll(() => t.close());
  afterEach(() => t.clock.reset());

  const shorten = async (body: Record<string, unknown>) => {
    const res = await t.api().post('/api/v1/shorten').set(a.auth).send(body).expect(200);
    return { id: idOf(res), slug: res.body.data.slug as string };
  };
  const visit = (slug: string) => t.api().get(`/${slug}`).set('Host', HOST);
  /** How many of the visits `fn` makes the fast path answered. */
  const fastHits = async (fn: () => Promise<unknown>) => {
    const before = fast.hits;
    await fn();
    return fast.hits - before;
  };

  it('should serve a repeated redirect itself, the first through the framework', async () => {
    const { slug } = await shorten({ target_url: 'https://example.com/fast' });
    expect(await fastHits(() => visit(slug).expect(302))).toBe(0);
    let res: { headers: Record<string, string> } | undefined;
    expect(await fastHits(async () => (res = await visit(slug).expect(302)))).toBe(1);
    expect(res?.headers.location).toBe('https://example.com/fast');
    expect(res?.headers['cache-control']).toBe('private, no-store, max-age=0');
  });

  it('should answer an address nothing holds itself, as the framework does', async () => {
    const path = 'nobody-here';
    const html = (r: ReturnType<typeof visit>) => r.set('Accept', 'text/html');
    // The framework's 404 (a dot is no slug: the fast path leaves it alone).
    let framework: { text: string; headers: Record<string, string> } | undefined;
    expect(await fastHits(async () => (framework = await html(visit('no.body')).expect(404)))).toBe(
      0,
    );
    for (let i = 0; i < 2; i++) {
      let res: typeof framework;
      expect(await fastHits(async () => (res = await html(visit(path)).expect(404)))).toBe(1);
      expect(res?.text).toBe(framework?.text);
      expect(res?.headers['content-security-policy']).toBe(
        framework?.headers['content-security-policy'],
      );
    }
    const json = await visit(path).expect(404);
    expect(json.body).toEqual({
      code: 404,
      success: false,
      message: 'Link not found',
      data: null,
      error: 'not_found',
    });
    // Counted as orphan visits, all three.
    await t.app.get(OrphanVisits).flush();
    const orphans = await t.app
      .get(DataSource)
      .query<{ visits: number }[]>('SELECT visits FROM orphan_visits WHERE path = ?', [`/${path}`]);
    expect(Number(orphans[0].visits)).toBe(3);
    // A share made there is served at once; a page is handed to the framework.
    await shorten({ target_url: 'https://example.com/now', custom_slug: path });
    expect((await visit(path).expect(302)).headers.location).toBe('https://example.com/now');
    const text = await t
      .api()
      .post('/api/v1/text')
      .set(a.auth)
      .send({ content: 'hi', custom_slug: 'a-page' })
      .expect(200);
    for (let i = 0; i < 2; i++) {
      expect(await fastHits(() => visit(text.body.data.slug as string).expect(200))).toBe(0);
    }
  });

  it('should answer a short address on a host that is no domain of ours itself, as the framework does', async () => {
    const on = (path: string) =>
      t.api().get(path).set('Host', 'stray.example.net').set('Accept', 'text/html');
    // A dot is no slug: the framework answers that one.
    let framework: { text: string; headers: Record<string, string> } | undefined;
    expect(await fastHits(async () => (framework = await on('/no.body').expect(404)))).toBe(0);
    let res: typeof framework;
    expect(await fastHits(async () => (res = await on('/some-slug').expect(404)))).toBe(1);
    expect(res?.text).toBe(framework?.text);
    expect(res?.headers['content-security-policy']).toBe(
      framework?.headers['content-security-policy'],
    );
    const json = await t.api().get('/some-slug').set('Host', 'stray.example.net').expect(404);
    expect(json.body).toMatchObject({ code: 404, error: 'not_found', message: 'Link not found' });
    // The account area and the API are not short addresses: the framework still has them.
    expect(await fastHits(() => t.api().get('/login').set('Host', 'stray.example.net'))).toBe(0);
  });

  it('should hand an expired link to the framework once, then answer its 410 itself', async () => {
    const { id, slug } = await shorten({
      target_url: 'https://example.com/e',
      expire_at: inSeconds(60),
    });
    await visit(slug).expect(302);
    expect(await fastHits(() => visit(slug).expect(302))).toBe(1);
    t.clock.advance(61_000);
    const html = () => visit(slug).set('Accept', 'text/html').set('Accept-Language', 'zh-CN');
    let framework: { text: string; headers: Record<string, string>; body: unknown } | undefined;
    expect(await fastHits(async () => (framework = await html().expect(410)))).toBe(0);
    let res: typeof framework;
    expect(await fastHits(async () => (res = await html().expect(410)))).toBe(1);
    expect(res?.text).toBe(framework?.text);
    expect(res?.text).toContain('此链接已过期');
    expect(res?.headers['content-security-policy']).toBe(
      framework?.headers['content-security-policy'],
    );
    const json = await visit(slug).expect(410);
    expect(json.body).toEqual({
      code: 410,
      success: false,
      message: 'This link has expired',
      data: { state: 'expired' },
      error: 'gone',
    });
    // A new expiry makes it a redirect again, at once.
    await t
      .api()
      .patch(`/api/v1/links/${id}`)
      .set(a.auth)
      .send({ expire_at: Math.floor(t.clock.now() / 1000) + 600 })
      .expect(200);
    await visit(slug).expect(302);
  });

  it('should never serve a link with a password', async () => {
    const { slug } = await shorten({ target_url: 'https://example.com/p', password: 'pw' });
    for (let i = 0; i < 2; i++) {
      const hits = await fastHits(() => visit(slug).set('X-Link-Password', 'pw').expect(302));
      expect(hits).toBe(0);
    }
  });

  it('should drop a link from the fast path when it is updated or deleted', async () => {
    const { id, slug } = await shorten({ target_url: 'https://example.com/old' });
    await visit(slug).expect(302);
    await t
      .api()
      .patch(`/api/v1/links/${id}`)
      .set(a.auth)
      .send({ target_url: 'https://example.com/new' })
      .expect(200);
    let location = '';
    const afterUpdate = await fastHits(
      async () => (location = (await visit(slug).expect(302)).headers.location),
    );
    expect(afterUpdate).toBe(0);
    expect(location).toBe('https://example.com/new');
    expect(await fastHits(() => visit(slug).expect(302))).toBe(1);
    await t.api().delete(`/api/v1/links/${id}`).set(a.auth).expect(200);
    // Gone from the cache: the fast path finds nothing there and answers the 404 itself.
    expect(await fastHits(() => visit(slug).expect(404))).toBe(1);
  });

  it('should hand a request to the framework when it fails, which still answers it', async () => {
    const { slug } = await shorten({ target_url: 'https://example.com/f' });
    await visit(slug).expect(302);
    const domains = t.app.get(DomainsService);
    const spy = jest.spyOn(domains, 'forRequest').mockImplementationOnce(() => {
      throw new Error('broken');
    });
    try {
      const hits = await fastHits(async () => {
        const res = await visit(slug).expect(302);
        expect(res.headers.location).toBe('https://example.com/f');
      });
      expect(hits).toBe(0);
      expect(spy).toHaveBeenCalled();
    } finally {
      spy.mockRestore();
    }
  });

  describe('read again before its TTL ends (refresh-ahead)', () => {
    // The TTL is 60 s: entries served since they were read are due at 30 s.
    const refresh = () => t.app.get(RedirectCacheRefresher).refresh();
    /** A change no instance was told about (a lost invalidation). */
    const behindItsBack = (sql: string, id: number) => t.app.get(DataSource).query(sql, [id]);

    it('should keep serving a link in use past the TTL, with what the database says', async () => {
      const { id, slug } = await shorten({ target_url: 'https://example.com/r1' });
      await visit(slug).expect(302);
      expect(await fastHits(() => visit(slug).expect(302))).toBe(1);
      await behindItsBack(
        "UPDATE links SET target_url = 'https://example.com/r2' WHERE id = ?",
        id,
      );
      t.clock.advance(31_000);
      await refresh();
      let location = '';
      const hits = await fastHits(
        async () => (location = (await visit(slug).expect(302)).headers.location),
      );
      expect([hits, location]).toEqual([1, 'https://example.com/r2']);
      t.clock.advance(40_000); // past the first read's TTL, not the second's
      expect(await fastHits(() => visit(slug).expect(302))).toBe(1);
    });

    it('should drop what the database no longer has, or no longer lets it serve', async () => {
      const gone = await shorten({ target_url: 'https://example.com/gone' });
      const locked = await shorten({ target_url: 'https://example.com/locked' });
      for (const l of [gone, locked]) {
        await visit(l.slug).expect(302);
        expect(await fastHits(() => visit(l.slug).expect(302))).toBe(1);
      }
      await behindItsBack('DELETE FROM links WHERE id = ?', gone.id);
      await behindItsBack("UPDATE links SET blocked_reason = 'spam' WHERE id = ?", locked.id);
      t.clock.advance(31_000);
      await refresh();
      expect(await fastHits(() => visit(gone.slug).expect(404))).toBe(1); // the probe's 404
      expect(await fastHits(() => visit(locked.slug).expect(410))).toBe(0);
    });

    it('should leave an entry nobody used since it was read to lapse', async () => {
      const { id, slug } = await shorten({ target_url: 'https://example.com/idle' });
      await visit(slug).expect(302); // read and cached, never served from the cache
      const sql = "UPDATE links SET target_url = 'https://example.com/idle2' WHERE id = ?";
      await behindItsBack(sql, id);
      t.clock.advance(31_000);
      await refresh();
      t.clock.advance(30_000);
      let location = '';
      const hits = await fastHits(
        async () => (location = (await visit(slug).expect(302)).headers.location),
      );
      expect([hits, location]).toEqual([0, 'https://example.com/idle2']);
    });
  });
});
