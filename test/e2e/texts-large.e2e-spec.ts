import { createAccount } from '../factories/account.factory';
import { createTestApp, TestApp } from '../utils/create-test-app';

const HOST = 'localhost:3000';

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
