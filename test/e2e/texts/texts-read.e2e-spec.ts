import { createHash } from 'node:crypto';
import { createAccount, TestAccount } from '../../factories/account.factory';
import { createTestApp, TestApp } from '../../utils/create-test-app';
import { HOST, SLACK, shareRequests, idOf } from '../../utils/requests';

describe('Text shares', () => {
  let t: TestApp;
  let a: TestAccount;

  beforeAll(async () => {
    t = await createTestApp();
    a = await createAccount(t);
  });
  afterAll(() => t.close());

  const { share, page, raw } = shareRequests(
    () => t,
    () => a,
  );

  describe('reading', () => {
    it('should give back exactly the bytes sent (Unicode, CRLF, emoji)', async () => {
      const content = 'naïve café\r\n👩‍💻 e\u0301 日本語\ttab\n\n  trailing  \r\n';
      const res = await share({ content, text_type: 'plain_text', custom_slug: 'uni' });
      expect(res.status).toBe(200);
      const body = await raw('uni').expect(200);
      expect(body.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(body.headers['x-content-type-options']).toBe('nosniff');
      expect(Buffer.compare(body.body as Buffer, Buffer.from(content, 'utf8'))).toBe(0);
      const api = await t
        .api()
        .get(`/api/v1/texts/${idOf(res)}`)
        .set(a.auth);
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
      // The one script runs by its hash: the page is the same for every reader (kept whole).
      const hash = /script-src 'self' 'sha256-([^']+)'/.exec(
        res.headers['content-security-policy'],
      )![1];
      const script = /<script>([^<]*)<\/script>/.exec(res.text)![1];
      expect(createHash('sha256').update(script).digest('base64')).toBe(hash);
      const switched = await t.api().get('/pycode?lang=javascript').set('Host', HOST).expect(200);
      expect(switched.text).toContain('<option value="javascript" selected>');
      const unknown = await t.api().get('/pycode?lang=%3Cscript%3E').set('Host', HOST);
      expect(unknown.text).toContain('<option value="python" selected>');
      expect(unknown.text.match(/<script>/g)).toHaveLength(1); // ours, not the asked one
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
      const main = res.text.slice(res.text.indexOf('<main'));
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
  });
});
