import { DataSource } from 'typeorm';
import { createAccount, TestAccount } from '../../factories/account.factory';
import { createTestApp, TestApp } from '../../utils/create-test-app';

// S.EE's Bio resource (sdotee/sdk.ts Bio.ts, types.ts) and the public page behind it.
describe('S.EE link-in-bio pages', () => {
  let t: TestApp;
  let a: TestAccount;
  beforeAll(async () => {
    t = await createTestApp();
    a = await createAccount(t);
  });
  afterAll(() => t.close());

  const links = [
    { title: 'Blog', url: 'https://blog.example.com/', description: 'What I write' },
    { title: 'Code <b>', url: 'https://git.example.com/me' },
  ];
  let id: number;

  it('should make a bio page and show it as an accessible page', async () => {
    const res = await t
      .api()
      .post('/api/v1/bio')
      .set('Authorization', a.token)
      .send({
        title: 'Ada <Lovelace>',
        description: 'Writes about engines',
        custom_links: links,
        custom_slug: 'ada',
        mastodon_url: 'https://mastodon.example/@ada',
        rss_url: 'https://blog.example.com/feed.xml',
      })
      .expect(200);
    expect(res.body).toMatchObject({ code: 200, message: expect.any(String) });
    expect(res.body.data).toEqual({
      bio_page_id: expect.any(Number),
      short_url: 'http://localhost:3000/ada',
    });
    id = res.body.data.bio_page_id as number;
    const page = await t.api().get('/ada').expect(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const html = page.text;
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<h1>Ada &lt;Lovelace&gt;</h1>');
    expect(html).not.toContain('<Lovelace>');
    expect(html).toContain('<nav aria-label="Links">');
    expect(html).toContain(
      '<a href="https://blog.example.com/" rel="noopener nofollow ugc"><span class="t">Blog</span><span class="d">What I write</span></a>',
    );
    expect(html).toContain('<span class="t">Code &lt;b&gt;</span>');
    expect(html).toContain('<link rel="me" href="https://mastodon.example/@ada">');
    expect(html).toContain('type="application/rss+xml"');
    expect(html.indexOf('Blog')).toBeLessThan(html.indexOf('Code &lt;b&gt;'));
    await t.api().get('/ada/raw').expect(404);
  });

  it("should list bio pages in S.EE's shape, and as object_type 5 among links", async () => {
    const res = await t.api().get('/api/v1/bios?page=1').set(a.auth).expect(200);
    expect(res.body.data).toEqual({
      bio_pages: [
        {
          id,
          title: 'Ada <Lovelace>',
          description: 'Writes about engines',
          custom_links: links,
          mastodon_url: 'https://mastodon.example/@ada',
          rss_url: 'https://blog.example.com/feed.xml',
          domain: 'localhost:3000',
          slug: 'ada',
          link: 'http://localhost:3000/ada',
          created_at: expect.any(Number),
        },
      ],
      total: 1,
    });
    const all = await t.api().get('/api/v1/links').set(a.auth).expect(200);
    expect(all.body.data[0]).toMatchObject({ slug: 'ada', kind: 'bio', object_type: 5 });
  });

  it('should update: a field left out keeps its value, "" clears it', async () => {
    const res = await t
      .api()
      .put('/api/v1/bio')
      .set(a.auth)
      .send({ id, title: 'Ada', description: '', rss_url: '' })
      .expect(200);
    expect(res.body).toEqual({ code: 200, message: 'success', data: null });
    const list = await t.api().get('/api/v1/bios?page=1').set(a.auth).expect(200);
    const updated = (list.body.data.bio_pages as { id: number }[]).find((p) => p.id === id);
    expect(updated).toMatchObject({
      id,
      title: 'Ada',
      description: '',
      custom_links: links,
      mastodon_url: 'https://mastodon.example/@ada',
      rss_url: '',
    });
    const html = (await t.api().get('/ada').expect(200)).text;
    expect(html).toContain('<h1>Ada</h1>');
    expect(html).not.toContain('application/rss+xml');
    await t
      .api()
      .put('/api/v1/bio')
      .set(a.auth)
      .send({ id, title: 'Ada', custom_links: [] })
      .expect(200);
    // No list of links left (the footer's language switcher is a <nav> of its own).
    const page = (await t.api().get('/ada').expect(200)).text;
    expect(page).not.toContain('<nav aria-label="Links">');
  });

  it("should refuse bad input and answer 404 for another account's page", async () => {
    const bad = async (body: object, path = '/api/v1/bio', method: 'post' | 'put' = 'post') => {
      const res = await t.api()[method](path).set(a.auth).send(body);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('validation_failed');
    };
    await bad({ description: 'no title' });
    await bad({ title: 'x', custom_links: [{ title: 'js', url: 'javascript:alert(1)' }] });
    await bad({ title: 'x', custom_links: [{ url: 'https://e.com/' }] });
    await bad({ title: 'x', mastodon_url: 'not a url' });
    await bad({ title: 'x', custom_links: 'nope' });
    await bad({ title: 'x', custom_links: [[{ title: 'a', url: 'https://e.com/' }]] });
    await bad({ title: 'x', custom_links: [null] });
    await bad({ title: 'x', custom_links: ['https://e.com/'] });
    await bad({ title: 'line\nbreak' });
    await bad({ title: 'x' }, '/api/v1/bio', 'put');
    const b = await createAccount(t);
    await t.api().put('/api/v1/bio').set(b.auth).send({ id, title: 'mine' }).expect(404);
    await t.api().delete('/api/v1/bio').set(b.auth).send({ id }).expect(404);
    const taken = await t
      .api()
      .post('/api/v1/bio')
      .set(b.auth)
      .send({ title: 'x', custom_slug: 'ada' });
    expect(taken.status).toBe(409);
  });

  it('should show a page whose stored links are not what they should be', async () => {
    const res = await t
      .api()
      .post('/api/v1/bio')
      .set(a.auth)
      .send({ title: 'odd', custom_slug: 'odd-bio' })
      .expect(200);
    // A row written before each element was checked to be an object.
    await t.app
      .get(DataSource)
      .query('UPDATE bio_pages SET custom_links = ? WHERE link_id = ?', [
        '[{},[1],null]',
        res.body.data.bio_page_id,
      ]);
    const slug = 'odd-bio';
    const page = await t.api().get(`/${slug}`).set('Accept', 'text/html').expect(200);
    expect(page.text).toContain('<h1>odd</h1>');
    const list = await t.api().get('/api/v1/bios?page=1').set(a.auth).expect(200);
    const odd = (list.body.data.bio_pages as { title: string; custom_links: unknown[] }[]).find(
      (p) => p.title === 'odd',
    );
    expect(odd?.custom_links).toEqual([]);
    await t
      .api()
      .delete('/api/v1/bio')
      .set(a.auth)
      .send({ id: res.body.data.bio_page_id })
      .expect(200);
  });

  it('should delete a bio page: its address is free and its page gone', async () => {
    await t.api().delete('/api/v1/bio').set(a.auth).send({ id }).expect(200);
    await t.api().get('/ada').expect(404);
    const res = await t.api().get('/api/v1/bios').set(a.auth).expect(200);
    expect(res.body.data).toEqual({ bio_pages: [], total: 0 });
    await t
      .api()
      .post('/api/v1/shorten')
      .set(a.auth)
      .send({ target_url: 'https://e.com/', custom_slug: 'ada' })
      .expect(200);
  });
});
