import { createAccount, TestAccount } from '../../factories/account.factory';
import { photo } from '../../factories/photo.factory';
import { createTestApp, TestApp } from '../../utils/create-test-app';
import { idOf } from '../../utils/requests';

/** The user agents of the chat apps' preview fetchers, as they send them. */
const FETCHERS = {
  discord: 'Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)',
  slack: 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
  telegram: 'TelegramBot (like TwitterBot)',
};

/** The Open Graph, Twitter and oEmbed discovery tags of a page, by name. */
function tagsOf(html: string): Record<string, string> {
  const tags: Record<string, string> = {};
  for (const m of html.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)">/g)) {
    tags[m[1]] = m[2].replace(/&amp;/g, '&');
  }
  const oembed = /<link rel="alternate" type="application\/json\+oembed" href="([^"]+)"/.exec(html);
  if (oembed) tags.oembed = oembed[1].replace(/&amp;/g, '&');
  return tags;
}

describe('Link previews (unfurls) and oEmbed', () => {
  let t: TestApp;
  let a: TestAccount;
  beforeAll(async () => {
    t = await createTestApp();
    a = await createAccount(t);
  });
  afterAll(() => t.close());

  const path = (url: string) => new URL(url).pathname;
  const fetchAs = (ua: string, url: string) => t.api().get(path(url)).set('User-Agent', ua);
  const oembed = (url: string, extra = '') =>
    t.api().get(`/api/oembed?url=${encodeURIComponent(url)}&format=json${extra}`);
  const upload = async (bytes: Buffer, name: string, fields: Record<string, string> = {}) => {
    const req = t.api().post('/api/v1/file/upload').set(a.auth);
    for (const [k, v] of Object.entries(fields)) void req.field(k, v);
    return (await req.attach('file', bytes, name).expect(200)).body.data as {
      page: string;
      thumb_url: string;
      url: string;
      file_id: number;
    };
  };
  const text = async (body: object) => {
    const res = await t.api().post('/api/v1/text').set(a.auth).send(body).expect(200);
    return { short_url: res.body.data.short_url as string, id: idOf(res) };
  };

  it('should give chat apps an image share as its picture, and oEmbed it as a photo', async () => {
    const f = await upload(await photo('jpeg', { width: 2400, height: 1600 }), 'view.jpg');
    for (const ua of Object.values(FETCHERS)) {
      const tags = tagsOf((await fetchAs(ua, f.page).expect(200)).text);
      expect(tags).toMatchObject({
        'og:title': 'view.jpg',
        'og:image': f.thumb_url,
        'og:image:type': 'image/webp',
        'og:image:width': '1280',
        'og:image:height': '853',
        'twitter:card': 'summary_large_image',
      });
      expect(tags.oembed).toBe(
        `http://localhost:3000/api/oembed?url=${encodeURIComponent(f.page)}&format=json`,
      );
    }
    const res = await oembed(f.page, '&maxwidth=640').expect(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body).toEqual({
      version: '1.0',
      type: 'photo',
      title: 'view.jpg',
      url: f.thumb_url,
      width: 640,
      height: 427,
      thumbnail_url: f.thumb_url,
      thumbnail_width: 1280,
      thumbnail_height: 853,
      provider_name: 'Linkdrop',
      provider_url: 'http://localhost:3000',
      cache_age: 3600,
    });
  });

  it('should show a text share by its first lines, in Open Graph and as rich oEmbed', async () => {
    const s = await text({ title: 'Notes', content: 'first line <b>\nsecond line\n' });
    const tags = tagsOf((await fetchAs(FETCHERS.slack, s.short_url).expect(200)).text);
    expect(tags).toMatchObject({ 'og:title': 'Notes', 'og:type': 'article' });
    expect(tags['og:description']).toContain('first line');
    const res = await oembed(s.short_url).expect(200);
    expect(res.body).toMatchObject({ type: 'rich', title: 'Notes', width: 640 });
    expect(res.body.html).toContain('first line &lt;b&gt;');
    const link = await t
      .api()
      .post('/api/v1/shorten')
      .set(a.auth)
      .send({ target_url: 'https://example.com/', title: 'Example' })
      .expect(200);
    expect((await oembed(link.body.data.short_url as string).expect(200)).body).toMatchObject({
      type: 'link',
      title: 'Example',
    });
  });

  it('should keep the content of a share out of previews when its owner says so', async () => {
    const s = await text({ title: 'Secret plans', content: 'the plan', unfurl: false });
    const got = await t.api().get(`/api/v1/texts/${s.id}`).set(a.auth).expect(200);
    expect(got.body.data.unfurl).toBe(false);
    for (const ua of Object.values(FETCHERS)) {
      const html = (await fetchAs(ua, s.short_url).expect(200)).text;
      const tags = tagsOf(html);
      expect(tags['og:title']).toBe('A text');
      expect(tags['og:description']).toBeUndefined();
      expect(tags.oembed).toBeUndefined();
      expect(html).not.toMatch(/<meta[^>]+Secret plans/);
    }
    await oembed(s.short_url).expect(404);
    // Switched back on: previews show it again.
    await t.api().patch(`/api/v1/texts/${s.id}`).set(a.auth).send({ unfurl: true }).expect(200);
    expect((await oembed(s.short_url).expect(200)).body.title).toBe('Secret plans');
    const f = await upload(await photo('png'), 'private-moment.png', { unfurl: '0' });
    const fileTags = tagsOf((await fetchAs(FETCHERS.discord, f.page).expect(200)).text);
    expect(fileTags).toMatchObject({ 'og:title': 'A file', 'twitter:card': 'summary' });
    expect(fileTags['og:image']).toBeUndefined();
    await oembed(f.page).expect(404);
    await t
      .api()
      .patch(`/api/v1/files/${f.file_id}`)
      .set(a.auth)
      .send({ unfurl: true })
      .expect(200);
    await oembed(f.page).expect(200);
    const bad = await t.api().patch(`/api/v1/texts/${s.id}`).set(a.auth).send({ unfurl: 'maybe' });
    expect(bad.status).toBe(400);
  });

  it('should never leak a one-time or protected share into previews', async () => {
    const once = await text({ content: 'read me once', burn_after_read: true });
    const locked = await upload(await photo('png'), 'locked.png', { password: 'sesame' });
    const lockedText = await text({ content: 'hidden words', password: 'sesame' });
    for (const ua of Object.values(FETCHERS)) {
      const reveal = await fetchAs(ua, once.short_url).expect(200);
      expect(reveal.text).not.toContain('read me once');
      const form = await fetchAs(ua, locked.page).expect(401);
      expect(tagsOf(form.text)['og:image']).toBeUndefined();
      expect((await fetchAs(ua, lockedText.short_url).expect(401)).text).not.toContain(
        'hidden words',
      );
    }
    for (const url of [once.short_url, locked.page, lockedText.short_url]) {
      await oembed(url).expect(404);
    }
    // Fetching previews used up nothing: the one-time text is still there to reveal.
    await t
      .api()
      .post(`${path(once.short_url)}/reveal`)
      .expect(200);
  });

  it('should refuse what oEmbed cannot answer, with the right status', async () => {
    await oembed('http://localhost:3000/no-such-share').expect(404);
    await oembed('not a url').expect(404);
    await oembed('http://localhost:3000/a/b').expect(404);
    const s = await text({ content: 'x' });
    const xml = await t
      .api()
      .get(`/api/oembed?url=${encodeURIComponent(s.short_url)}&format=xml`)
      .expect(501);
    expect(xml.body.error).toBe('not_implemented');
    await t.api().get('/api/oembed').expect(400);
    await oembed(s.short_url, '&maxwidth=abc').expect(400);
  });
});
