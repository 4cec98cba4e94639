import { createAccount } from '../../factories/account.factory';
import { createTestApp, TestApp } from '../../utils/create-test-app';
import { LANGUAGES } from '../../../src/texts/render/highlighter';
import { TextsService } from '../../../src/texts/texts.service';
import { HOST, idOf } from '../../utils/requests';

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

  it('should keep the page of 2 MiB of newlines small: no gutter past 10,000 lines', async () => {
    const a = await createAccount(t);
    const content = '\n'.repeat(2 * 1024 * 1024 - 1);
    await t
      .api()
      .post('/api/v1/text')
      .set(a.auth)
      .send({ content, text_type: 'plain_text', custom_slug: 'newlines' })
      .expect(200);
    const res = await t.api().get('/newlines').set('Host', HOST).expect(200);
    expect(res.text.length).toBeLessThan(2.2 * 1024 * 1024);
    expect(res.text).not.toContain('<pre class="ln"');
    expect(Number(/<span>(\d+) lines<\/span>/.exec(res.text)?.[1])).toBeGreaterThan(2_000_000);
  });

  it('should not highlight a large text again in a language a reader picks', async () => {
    const a = await createAccount(t);
    const content = `${'x = 1\n'.repeat(20_000)}`;
    await t
      .api()
      .post('/api/v1/text')
      .set(a.auth)
      .send({ content, text_type: 'source_code', language: 'python', custom_slug: 'bigpy' })
      .expect(200);
    const res = await t.api().get('/bigpy?lang=rust').set('Host', HOST).expect(200);
    expect(res.text).toContain('Python');
    expect(res.text).not.toContain('name="lang"');
    const small = await t.api().get('/big?lang=python').set('Host', HOST).expect(200);
    expect(small.text).toContain('name="lang"');
    expect(small.text).toContain('<option value="python" selected>');
  });

  it('should answer any ?lang= on a 1 MiB text from the page kept whole, reading no row', async () => {
    const a = await createAccount(t);
    const content = 'let answer = 42; // the question\n'.repeat(32 * 1024);
    const made = await t
      .api()
      .post('/api/v1/text')
      .set(a.auth)
      .send({ content, text_type: 'source_code', language: 'javascript', custom_slug: 'mib' })
      .expect(200);
    const first = await t.api().get('/mib').set('Host', HOST).expect(200);
    const reads = jest.spyOn(t.app.get(TextsService), 'getText');
    for (const lang of [
      'rust',
      'go',
      'x',
      'python',
      'c',
      'sql',
      'ruby',
      'js',
      'a',
      'b',
      'c',
      'd',
    ]) {
      const res = await t.api().get(`/mib?lang=${lang}`).set('Host', HOST).expect(200);
      expect([res.headers.etag, res.text.length]).toEqual([first.headers.etag, first.text.length]);
    }
    expect(reads).not.toHaveBeenCalled();
    // A new version of the text is a new page.
    await t
      .api()
      .patch(`/api/v1/texts/${idOf(made)}`)
      .set(a.auth)
      .send({ title: 'Renamed' })
      .expect(200);
    reads.mockClear();
    const renamed = await t.api().get('/mib').set('Host', HOST).expect(200);
    expect(renamed.text).toContain('<h1>Renamed</h1>');
    expect(reads).toHaveBeenCalledTimes(1);
    reads.mockRestore();
  });
});

describe('Highlighting in a language a reader picks', () => {
  let t: TestApp;
  beforeAll(async () => (t = await createTestApp()));
  afterAll(() => t.close());

  it('should limit what one client has highlighted anew, not what is kept', async () => {
    const a = await createAccount(t);
    await t
      .api()
      .post('/api/v1/text')
      .set(a.auth)
      .send({ content: 'x = 1\n', text_type: 'source_code', language: 'python', custom_slug: 'hl' })
      .expect(200);
    const languages = LANGUAGES.map((l) => l.name).slice(0, 31);
    const statuses: number[] = [];
    for (const lang of languages) {
      statuses.push((await t.api().get(`/hl?lang=${lang}`).set('Host', HOST)).status);
    }
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(statuses[30]).toBe(429);
    // Kept pages are still served, in any language already shown.
    await t.api().get(`/hl?lang=${languages[0]}`).set('Host', HOST).expect(200);
    await t.api().get('/hl').set('Host', HOST).expect(200);
  });
});
