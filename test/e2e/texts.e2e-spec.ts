import { createAccount, TestAccount } from '../factories/account.factory';
import { createTestApp, TestApp } from '../utils/create-test-app';

const HOST = 'localhost:3000';
const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
const SLACK = 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)';

describe('Text shares', () => {
  let t: TestApp;
  let a: TestAccount;
  let b: TestAccount;

  beforeAll(async () => {
    t = await createTestApp();
    a = await createAccount(t);
    b = await createAccount(t);
  });
  afterAll(() => t.close());

  const share = (body: Record<string, unknown>, who: TestAccount = a) =>
    t.api().post('/api/v1/text').set(who.auth).send(body);
  const page = (slug: string, ua = BROWSER) =>
    t.api().get(`/${slug}`).set('Host', HOST).set('User-Agent', ua);
  const raw = (slug: string, ua = BROWSER) =>
    t
      .api()
      .get(`/${slug}/raw`)
      .set('Host', HOST)
      .set('User-Agent', ua)
      .buffer(true)
      .parse((res, cb) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => cb(null, Buffer.concat(chunks)));
      });

  describe('creating', () => {
    it('should create each type and answer the short address', async () => {
      for (const text_type of ['plain_text', 'source_code', 'markdown']) {
        const res = await share({ title: 'T', content: 'hello', text_type }).expect(200);
        expect(res.body).toMatchObject({ code: 200, success: true, message: 'success' });
        expect(res.body.data).toMatchObject({ custom_slug: '', id: expect.any(Number) });
        expect(res.body.data.short_url).toBe(`http://localhost:3000/${res.body.data.slug}`);
      }
    });

    it('should take a language by name or alias, and refuse an unknown one', async () => {
      const res = await share({ content: 'x = 1', text_type: 'source_code', language: 'py' });
      const text = await t.api().get(`/api/v1/texts/${res.body.data.id}`).set(a.auth).expect(200);
      expect(text.body.data.language).toBe('python');
      const bad = await share({ content: 'x', text_type: 'source_code', language: 'klingon' });
      expect(bad.status).toBe(400);
      expect(bad.body.data.errors).toHaveProperty('language');
    });

    it('should detect the language when none is given', async () => {
      const go = 'package main\n\nimport "fmt"\n\nfunc main() {\n\tfmt.Println("hi")\n}\n';
      const res = await share({ content: go, text_type: 'source_code' }).expect(200);
      const text = await t.api().get(`/api/v1/texts/${res.body.data.id}`).set(a.auth);
      expect(text.body.data.language).toBe('go');
      const json = await share({ content: '{"a": [1, 2]}', text_type: 'source_code' });
      const j = await t.api().get(`/api/v1/texts/${json.body.data.id}`).set(a.auth);
      expect(j.body.data.language).toBe('json');
    });

    it('should refuse an unknown text_type, listing the allowed ones', async () => {
      const res = await share({ content: 'x', text_type: 'poem' }).expect(400);
      expect(res.body.error).toBe('validation_failed');
      expect(res.body.data.errors.text_type[0]).toContain('plain_text, source_code, markdown');
    });

    it('should refuse a title over 200 characters, NUL characters and missing content', async () => {
      const long = await share({ title: 'x'.repeat(201), content: 'x', text_type: 'plain_text' });
      expect(long.status).toBe(400);
      expect(long.body.data.errors).toHaveProperty('title');
      const nul = await share({ content: 'a\u0000b', text_type: 'plain_text' });
      expect(nul.status).toBe(400);
      expect(nul.body.data.errors).toHaveProperty('content');
      const none = await share({ text_type: 'plain_text' });
      expect(none.status).toBe(400);
      expect(none.body.data.errors).toHaveProperty('content');
    });

    it('should accept 2 MiB of UTF-8 and refuse one byte more with 413, leaving nothing', async () => {
      const before = await t.api().get('/api/v1/account').set(a.auth);
      const limit = 2 * 1024 * 1024;
      const ok = await share({ content: 'é'.repeat(limit / 2), text_type: 'plain_text' });
      expect(ok.status).toBe(200);
      const over = await share({ content: `${'é'.repeat(limit / 2)}x`, text_type: 'plain_text' });
      expect(over.status).toBe(413);
      expect(over.body).toMatchObject({ code: 413, success: false, error: 'content_too_large' });
      const after = await t.api().get('/api/v1/account').set(a.auth);
      expect(after.body.data.usage.texts).toBe(before.body.data.usage.texts + 1);
    });

    it('should leave no link behind when the text cannot be stored', async () => {
      await share({ content: 'x', text_type: 'plain_text', custom_slug: 'tx-taken' }).expect(200);
      const before = (await t.api().get('/api/v1/account').set(a.auth)).body.data.usage.texts;
      await share({ content: 'y', text_type: 'plain_text', custom_slug: 'tx-taken' }).expect(409);
      await share({ content: 'y', text_type: 'plain_text', tag_ids: [999999] }).expect(400);
      const after = (await t.api().get('/api/v1/account').set(a.auth)).body.data.usage.texts;
      expect(after).toBe(before);
    });
  });

  describe('reading', () => {
    it('should give back exactly the bytes sent (Unicode, CRLF, emoji)', async () => {
      const content = 'naïve café\r\n👩‍💻 e\u0301 日本語\ttab\n\n  trailing  \r\n';
      const res = await share({ content, text_type: 'plain_text', custom_slug: 'uni' });
      expect(res.status).toBe(200);
      const body = await raw('uni').expect(200);
      expect(body.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(body.headers['x-content-type-options']).toBe('nosniff');
      expect(Buffer.compare(body.body as Buffer, Buffer.from(content, 'utf8'))).toBe(0);
      const api = await t.api().get(`/api/v1/texts/${res.body.data.id}`).set(a.auth);
      expect(api.body.data.content).toBe(content);
      expect(api.body.data.size).toBe(Buffer.byteLength(content));
    });

    it('should render source code highlighted, with line numbers, language switch and copy', async () => {
      const code = 'def f(x):\n    return x * 2\n\nprint(f(3))\n';
      await share({
        title: 'Doubling',
        content: code,
        text_type: 'source_code',
        language: 'python',
        custom_slug: 'pycode',
      }).expect(200);
      const res = await page('pycode').expect(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.text).toContain('<span class="hljs-keyword">def</span>');
      expect(res.text).toContain('<pre class="ln" aria-hidden="true">1\n2\n3\n4</pre>');
      expect(res.text).toContain('<option value="python" selected>Python</option>');
      expect(res.text).toContain('id="copy"');
      expect(res.text).toContain('@media (prefers-color-scheme:dark)');
      const nonce = /script-src 'nonce-([^']+)'/.exec(res.headers['content-security-policy'])![1];
      expect(res.text).toContain(`<script nonce="${nonce}">`);
      const switched = await t.api().get('/pycode?lang=javascript').set('Host', HOST).expect(200);
      expect(switched.text).toContain('<option value="javascript" selected>');
      const unknown = await t.api().get('/pycode?lang=%3Cscript%3E').set('Host', HOST);
      expect(unknown.text).toContain('<option value="python" selected>');
      expect(unknown.text).not.toContain('<script>');
    });

    it('should escape plain text and wrap it', async () => {
      await share({
        content: '<b>bold?</b> & "quotes"',
        text_type: 'plain_text',
        custom_slug: 'pt',
      });
      const res = await page('pt').expect(200);
      expect(res.text).toContain('&lt;b&gt;bold?&lt;/b&gt; &amp; &quot;quotes&quot;');
      expect(res.text).toContain('class="plain"');
    });

    it('should render Markdown with tables, task lists and code, and nothing that runs', async () => {
      const md = [
        '# Title <script>alert(1)</script>',
        '',
        '<img src=x onerror=alert(1)> <a href="javascript:alert(2)">raw link</a>',
        '',
        '[click](javascript:alert(3)) [ok](https://example.com) ![img](javascript:alert(4))',
        '',
        '- [x] done',
        '- [ ] todo',
        '',
        '| a | b |',
        '|---|--:|',
        '| 1 | 2 |',
        '',
        '```js',
        'const x = "<b>";',
        '```',
      ].join('\n');
      await share({
        title: '<script>alert("title")</script>',
        content: md,
        text_type: 'markdown',
        custom_slug: 'md1',
      });
      const res = await page('md1').expect(200);
      const main = res.text.slice(res.text.indexOf('<main>'));
      // Real tags only (escaped text such as &lt;img onerror&gt; is harmless and stays visible).
      const tags = main.match(/<[a-z][^>]*>/gi) ?? [];
      expect(tags.filter((tag) => /^<(script|iframe|object|embed|style)\b/i.test(tag))).toEqual([]);
      expect(tags.filter((tag) => /\son\w+\s*=/i.test(tag))).toEqual([]);
      expect(
        tags.filter((tag) => /(href|src)\s*=\s*"?\s*(javascript|data|vbscript):/i.test(tag)),
      ).toEqual([]);
      expect(tags.filter((tag) => /^<img/i.test(tag))).toEqual([]);
      expect(main).toContain('&lt;a href="javascript:alert(2)"&gt;raw link');
      expect(main).toContain('&lt;script&gt;alert(&quot;title&quot;)&lt;/script&gt;');
      expect(main).toContain(
        '<a href="https://example.com" rel="nofollow noopener noreferrer">ok</a>',
      );
      expect(main).toContain('<table>');
      expect(main).toContain('type="checkbox"');
      expect(main).toContain('<span class="hljs-keyword">const</span>');
      expect(res.headers['content-security-policy']).toContain("default-src 'none'");
      expect(res.headers['content-security-policy']).not.toContain('unsafe-eval');
    });

    it('should give link previews an excerpt in OpenGraph tags', async () => {
      await share({
        title: 'OG',
        content: 'First words of it',
        text_type: 'plain_text',
        custom_slug: 'og1',
      });
      const res = await page('og1', SLACK).expect(200);
      expect(res.text).toContain('<meta property="og:title" content="OG">');
      expect(res.text).toContain('<meta property="og:description" content="First words of it">');
    });

    it('should protect a text with a password and expire it like a link', async () => {
      const { body } = await share({
        content: 'secret words',
        text_type: 'plain_text',
        password: 'pw',
        custom_slug: 'txpw',
        expire_at: Math.floor(Date.now() / 1000) + 60,
      });
      expect(body.data.slug).toBe('txpw');
      const locked = await page('txpw').expect(401);
      expect(locked.text).not.toContain('secret words');
      await raw('txpw').expect(401);
      const opened = await page('txpw').set('X-Link-Password', 'pw').expect(200);
      expect(opened.text).toContain('secret words');
      expect(opened.text).not.toContain('og:description');
      t.clock.advance(61_000);
      try {
        await page('txpw').set('X-Link-Password', 'pw').expect(410);
      } finally {
        t.clock.reset();
      }
    });

    it('should not let a bot use up a burn-after-read text, and burn it for a person', async () => {
      await share({
        content: 'read me once',
        text_type: 'plain_text',
        burn_after_read: true,
        custom_slug: 'burn1',
      }).expect(200);
      for (const ua of [
        SLACK,
        'Discordbot/2.0',
        'TelegramBot (like TwitterBot)',
        'Googlebot/2.1',
      ]) {
        const preview = await page('burn1', ua).expect(200);
        expect(preview.text).not.toContain('read me once');
        expect(preview.text).toContain('read once');
      }
      await t.api().head('/burn1').set('Host', HOST).set('User-Agent', BROWSER).expect(200);
      const person = await page('burn1').expect(200);
      expect(person.text).toContain('read me once');
      expect(person.text).toContain('has now been deleted');
      await page('burn1').expect(404);
      await page('burn1', SLACK).expect(404);
    });

    it('should burn on a raw read by a person too', async () => {
      await share({
        content: 'raw once',
        text_type: 'plain_text',
        burn_after_read: true,
        custom_slug: 'burn2',
      });
      expect((await raw('burn2').expect(200)).body.toString()).toBe('raw once');
      await raw('burn2').expect(404);
    });

    it('should not let the owner reading through the API use it up', async () => {
      const res = await share({ content: 'mine', text_type: 'plain_text', burn_after_read: true });
      await t.api().get(`/api/v1/texts/${res.body.data.id}`).set(a.auth).expect(200);
      expect((await page(res.body.data.slug).expect(200)).text).toContain('mine');
    });
  });

  describe('managing', () => {
    it('should update by domain and slug (PUT /text) and by id (PATCH /texts/:id)', async () => {
      const { body } = await share({ content: 'v1', text_type: 'plain_text', custom_slug: 'ed1' });
      await page('ed1').expect(200);
      const put = await t
        .api()
        .put('/api/v1/text')
        .set(a.auth)
        .send({ slug: 'ed1', content: 'v2 = 1', text_type: 'source_code', language: 'python' })
        .expect(200);
      expect(put.body.data).toMatchObject({
        content: 'v2 = 1',
        text_type: 'source_code',
        language: 'python',
      });
      expect((await page('ed1')).text).toContain('<span class="hljs-number">1</span>');
      const patched = await t
        .api()
        .patch(`/api/v1/texts/${body.data.id}`)
        .set(a.auth)
        .send({ title: 'Edited', text_type: 'markdown' })
        .expect(200);
      expect(patched.body.data).toMatchObject({
        title: 'Edited',
        text_type: 'markdown',
        language: null,
      });
      const big = await t
        .api()
        .patch(`/api/v1/texts/${body.data.id}`)
        .set(a.auth)
        .send({ content: 'x'.repeat(2 * 1024 * 1024 + 1) });
      expect(big.status).toBe(413);
      expect((await raw('ed1')).body.toString()).toBe('v2 = 1');
    });

    it('should delete by domain and slug (DELETE /text) and by id', async () => {
      await share({ content: 'bye', text_type: 'plain_text', custom_slug: 'del-t' }).expect(200);
      await t.api().delete('/api/v1/text').set(a.auth).send({ slug: 'del-t' }).expect(200);
      await page('del-t').expect(404);
      const { body } = await share({ content: 'bye', text_type: 'plain_text' });
      await t.api().delete(`/api/v1/texts/${body.data.id}`).set(a.auth).expect(200);
      await t.api().get(`/api/v1/texts/${body.data.id}`).set(a.auth).expect(404);
    });

    it('should list texts newest first without content, filtered by type and tag', async () => {
      const c = await createAccount(t);
      const tag = (await t.api().post('/api/v1/tags').set(c.auth).send({ name: 'notes' })).body
        .data;
      await share({ content: 'a', text_type: 'plain_text', tag_ids: [tag.id] }, c);
      await share({ content: 'b = 1', text_type: 'source_code' }, c);
      await share({ content: '# c', text_type: 'markdown', tag_ids: [tag.id] }, c);
      await t.api().post('/api/v1/shorten').set(c.auth).send({ target_url: 'https://x.example' });
      const all = await t.api().get('/api/v1/texts').set(c.auth).expect(200);
      expect(all.body.data.map((x: { text_type: string }) => x.text_type)).toEqual([
        'markdown',
        'source_code',
        'plain_text',
      ]);
      expect(all.body.data[0]).not.toHaveProperty('content');
      const md = await t.api().get('/api/v1/texts?text_type=markdown').set(c.auth);
      expect(md.body.data).toHaveLength(1);
      const tagged = await t.api().get(`/api/v1/texts?tag_id=${tag.id}`).set(c.auth);
      expect(tagged.body.data).toHaveLength(2);
      await t.api().get('/api/v1/texts?text_type=poem').set(c.auth).expect(400);
      const usage = await t.api().get('/api/v1/account').set(c.auth);
      expect(usage.body.data.usage).toMatchObject({ texts: 3, links: 1 });
    });

    it("should answer another account's text as if it did not exist", async () => {
      const { body } = await share({
        content: 'private',
        text_type: 'plain_text',
        custom_slug: 'priv-t',
      });
      await t.api().get(`/api/v1/texts/${body.data.id}`).set(b.auth).expect(404);
      await t
        .api()
        .patch(`/api/v1/texts/${body.data.id}`)
        .set(b.auth)
        .send({ content: 'x' })
        .expect(404);
      await t.api().delete(`/api/v1/texts/${body.data.id}`).set(b.auth).expect(404);
      await t
        .api()
        .put('/api/v1/text')
        .set(b.auth)
        .send({ slug: 'priv-t', content: 'x' })
        .expect(404);
      await t.api().delete('/api/v1/text').set(b.auth).send({ slug: 'priv-t' }).expect(404);
      expect((await t.api().get('/api/v1/texts').set(b.auth)).body.data).toEqual([]);
      expect((await raw('priv-t')).body.toString()).toBe('private');
    });

    it('should keep texts and redirects apart in the kind-specific endpoints', async () => {
      const { body } = await share({
        content: 'txt',
        text_type: 'plain_text',
        custom_slug: 'kind-t',
      });
      await t
        .api()
        .put('/api/v1/shorten')
        .set(a.auth)
        .send({ slug: 'kind-t', target_url: 'https://evil.example' })
        .expect(404);
      const link = await t
        .api()
        .post('/api/v1/shorten')
        .set(a.auth)
        .send({ target_url: 'https://r.example' });
      await t.api().get(`/api/v1/texts/${link.body.data.id}`).set(a.auth).expect(404);
      await raw(link.body.data.slug).expect(404);
      const asLink = await t.api().get(`/api/v1/links/${body.data.id}`).set(a.auth).expect(200);
      expect(asLink.body.data.kind).toBe('text');
    });
  });
});

describe('Large source code', () => {
  let t: TestApp;
  beforeAll(async () => (t = await createTestApp({ TEXT_HIGHLIGHT_MAX_CHARS: '100' })));
  afterAll(() => t.close());

  it('should highlight up to the limit, at a line break, and show the rest plain', async () => {
    const a = await createAccount(t);
    const content = Array.from({ length: 20 }, (_, i) => `const v${i} = ${i};`).join('\n');
    await t
      .api()
      .post('/api/v1/text')
      .set(a.auth)
      .send({ content, text_type: 'source_code', language: 'javascript', custom_slug: 'big' })
      .expect(200);
    const res = await t.api().get('/big').set('Host', HOST).expect(200);
    expect(res.text).toContain('<span class="hljs-keyword">const</span> v0');
    expect(res.text).toContain('\nconst v19 = 19;</code>');
    expect(res.text).toContain('<pre class="ln" aria-hidden="true">1\n2\n');
    expect(res.text).toContain('\n20</pre>');
  });
});
