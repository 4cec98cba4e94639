import { VisitRecorder } from '../../../src/analytics/capture/visit-recorder';
import type { TestAccount } from '../../factories/account.factory';
import type { TestApp } from '../../utils/create-test-app';
import { BROWSER, HOST, idOf } from '../../utils/requests';
import { appWithTwoAccounts } from '../../utils/suite';

const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

describe('Query forwarding, UTM and visit limits', () => {
  let t: TestApp;
  let a: TestAccount;
  appWithTwoAccounts({}, (s) => ({ t, a } = s));

  let n = 0;
  const shorten = async (body: Record<string, unknown>) => {
    const res = await t
      .api()
      .post('/api/v1/shorten')
      .set(a.auth)
      .send({ custom_slug: `q${++n}`, ...body })
      .expect(200);
    return { id: idOf(res), slug: res.body.data.slug as string };
  };
  const linkOf = async (id: number) =>
    (await t.api().get(`/api/v1/links/${id}`).set(a.auth).expect(200)).body.data as Record<
      string,
      unknown
    >;
  /** Twice: the second answer comes from the cache. */
  const where = async (path: string) => {
    const seen: string[] = [];
    for (let i = 0; i < 2; i++) {
      const res = await t.api().get(path).set('Host', HOST).set('User-Agent', BROWSER).expect(302);
      seen.push(res.headers.location);
    }
    expect(seen[1]).toBe(seen[0]);
    return seen[0];
  };

  it("should forward the visitor's query, the target's own parameters winning by default", async () => {
    const { id, slug } = await shorten({
      target_url: 'https://example.com/p?a=1&keep=x',
      forward_query: true,
    });
    expect((await linkOf(id)).forward_query).toBe(true);
    expect(await where(`/${slug}?a=2&b=3`)).toBe('https://example.com/p?a=1&keep=x&b=3');
    expect(await where(`/${slug}?qr=1&c=%C3%A9`)).toBe('https://example.com/p?a=1&keep=x&c=%C3%A9');
    expect(await where(`/${slug}`)).toBe('https://example.com/p?a=1&keep=x');
    await t
      .api()
      .patch(`/api/v1/links/${id}`)
      .set(a.auth)
      .send({ visitor_query_wins: true })
      .expect(200);
    expect(await where(`/${slug}?a=2&a=4&b=3`)).toBe('https://example.com/p?keep=x&a=2&a=4&b=3');
    await t
      .api()
      .patch(`/api/v1/links/${id}`)
      .set(a.auth)
      .send({ forward_query: false })
      .expect(200);
    expect(await where(`/${slug}?a=2`)).toBe('https://example.com/p?a=1&keep=x');
  });

  it('should set UTM fields on the target, as an object or as utm_ fields, and clear them', async () => {
    const { id, slug } = await shorten({
      target_url: 'https://example.com/u?utm_source=old&x=1',
      utm_source: 'newsletter',
      utm_medium: 'email',
      utm: { campaign: 'spring', term: '', content: 'hero' },
    });
    expect((await linkOf(id)).utm).toEqual({
      source: 'newsletter',
      medium: 'email',
      campaign: 'spring',
      content: 'hero',
    });
    expect(await where(`/${slug}`)).toBe(
      'https://example.com/u?utm_source=newsletter&x=1&utm_medium=email&utm_campaign=spring&utm_content=hero',
    );
    const bad = await t
      .api()
      .patch(`/api/v1/links/${id}`)
      .set(a.auth)
      .send({ utm: { source: 'x'.repeat(101) } })
      .expect(400);
    expect(Object.keys(bad.body.data.errors)).toEqual(['utm.source']);
    await t
      .api()
      .patch(`/api/v1/links/${id}`)
      .set(a.auth)
      .send({ utm: { planet: 'x' } })
      .expect(400);
    await t.api().patch(`/api/v1/links/${id}`).set(a.auth).send({ utm: null }).expect(200);
    expect((await linkOf(id)).utm).toBeNull();
    expect(await where(`/${slug}`)).toBe('https://example.com/u?utm_source=old&x=1');
    // Only redirects have them.
    const text = await t.api().post('/api/v1/text').set(a.auth).send({ content: 'x' }).expect(200);
    await t
      .api()
      .patch(`/api/v1/links/${idOf(text)}`)
      .set(a.auth)
      .send({ utm_source: 'x' })
      .expect(400);
  });

  it("should count visits by UTM value: the visit's own parameters, else the link's", async () => {
    const { id, slug } = await shorten({
      target_url: 'https://example.com/s',
      utm: { source: 'newsletter', medium: 'email', campaign: 'spring' },
    });
    const go = (q: string) => t.api().get(`/${slug}${q}`).set('Host', HOST).expect(302);
    await go('');
    await go('');
    await go('?utm_source=twitter&utm_campaign=launch');
    await t.app.get(VisitRecorder).flush();
    const d = (await t.api().get(`/api/v1/links/${id}/stats`).set(a.auth).expect(200)).body.data;
    expect(d.top.utm_sources).toEqual([
      { value: 'newsletter', visits: 2 },
      { value: 'twitter', visits: 1 },
    ]);
    expect(d.top.utm_mediums).toEqual([{ value: 'email', visits: 3 }]);
    expect(d.top.utm_campaigns).toEqual([
      { value: 'spring', visits: 2 },
      { value: 'launch', visits: 1 },
    ]);
    const log = await t.api().get(`/api/v1/links/${id}/visits`).set(a.auth).expect(200);
    expect(log.body.data[0]).toMatchObject({ utm_source: 'twitter', utm_campaign: 'launch' });
  });

  it('should serve exactly max_visits of 50 parallel visits, then 410', async () => {
    const { id, slug } = await shorten({ target_url: 'https://example.com/l', max_visits: 7 });
    expect((await linkOf(id)).visits_left).toBe(7);
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => t.api().get(`/${slug}`).set('Host', HOST)),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 302)).toHaveLength(7);
    expect(statuses.filter((s) => s === 410)).toHaveLength(43);
    const gone = answers.find((r) => r.status === 410)!;
    expect(gone.body).toMatchObject({
      error: 'gone',
      message: 'This link reached its visit limit',
      data: { state: 'limit' },
    });
    const page = await t
      .api()
      .get(`/${slug}`)
      .set('Host', HOST)
      .set('Accept', 'text/html')
      .expect(410);
    expect(page.text).toContain('This link reached its visit limit');
    expect((await linkOf(id)).visits_left).toBe(0);
    // Raising the limit lets more through.
    await t.api().patch(`/api/v1/links/${id}`).set(a.auth).send({ max_visits: 8 }).expect(200);
    await t.api().get(`/${slug}`).set('Host', HOST).expect(302);
    await t.api().get(`/${slug}`).set('Host', HOST).expect(410);
    await t.api().patch(`/api/v1/links/${id}`).set(a.auth).send({ max_visits: null }).expect(200);
    await t.api().get(`/${slug}`).set('Host', HOST).expect(302);
    expect((await linkOf(id)).visits_left).toBeNull();
  });

  it('should not count bots or HEAD requests, and send visitors past the limit to the expiry URL', async () => {
    const { id, slug } = await shorten({
      target_url: 'https://example.com/l2',
      max_visits: 1,
      expiration_redirect_url: 'https://example.com/over',
    });
    for (let i = 0; i < 3; i++) {
      await t.api().get(`/${slug}`).set('Host', HOST).set('User-Agent', GOOGLEBOT).expect(302);
      await t.api().head(`/${slug}`).set('Host', HOST).expect(302);
    }
    expect((await linkOf(id)).visits_left).toBe(1);
    expect((await t.api().get(`/${slug}`).set('Host', HOST).expect(302)).headers.location).toBe(
      'https://example.com/l2',
    );
    expect((await t.api().get(`/${slug}`).set('Host', HOST).expect(302)).headers.location).toBe(
      'https://example.com/over',
    );
  });

  it('should limit the visits of texts, files, bundles and bio pages too', async () => {
    const text = await t
      .api()
      .post('/api/v1/text')
      .set(a.auth)
      .send({ content: 'twice only', max_visits: 2 })
      .expect(200);
    const slug = new URL(text.body.data.short_url as string).pathname;
    await t.api().get(slug).set('Host', HOST).set('Accept', 'text/html').expect(200);
    await t.api().get(slug).set('Host', HOST).set('Accept', 'text/html').expect(200);
    await t.api().get(slug).set('Host', HOST).set('Accept', 'text/html').expect(410);
    const file = await t
      .api()
      .post('/api/v1/file/upload')
      .set(a.auth)
      .field('max_visits', '1')
      .attach('file', Buffer.from('hello'), 'hello.txt');
    expect(file.status).toBe(200);
    const page = new URL(file.body.data.page as string).pathname;
    await t.api().get(page).set('Host', HOST).set('Accept', 'text/html').expect(200);
    await t.api().get(page).set('Host', HOST).set('Accept', 'text/html').expect(410);
    const bio = await t
      .api()
      .post('/api/v1/bio')
      .set(a.auth)
      .send({ title: 'Me', max_visits: 1 })
      .expect((r) => expect(r.status).toBeLessThan(300));
    const bioPath = new URL(bio.body.data.short_url as string).pathname;
    await t.api().get(bioPath).set('Host', HOST).set('Accept', 'text/html').expect(200);
    await t.api().get(bioPath).set('Host', HOST).set('Accept', 'text/html').expect(410);
    const part = await t
      .api()
      .post('/api/v1/file/upload')
      .set(a.auth)
      .attach('file', Buffer.from('in a bundle'), 'part.txt')
      .expect(200);
    const bundle = await t
      .api()
      .post('/api/v1/bundles')
      .set(a.auth)
      .send({ title: 'Set', file_ids: [part.body.data.file_id], max_visits: 1 })
      .expect(201);
    const bundlePath = new URL(bundle.body.data.short_url as string).pathname;
    await t.api().get(bundlePath).set('Host', HOST).set('Accept', 'text/html').expect(200);
    await t.api().get(bundlePath).set('Host', HOST).set('Accept', 'text/html').expect(410);
    await t
      .api()
      .post('/api/v1/text')
      .set(a.auth)
      .send({ content: 'x', max_visits: 0 })
      .expect(400);
  });
});
