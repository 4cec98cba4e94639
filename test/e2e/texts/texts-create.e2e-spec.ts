import { createAccount, TestAccount } from '../../factories/account.factory';
import { createTestApp, TestApp } from '../../utils/create-test-app';
import { shareRequests, idOf } from '../../utils/requests';

describe('Text shares', () => {
  let t: TestApp;
  let a: TestAccount;

  beforeAll(async () => {
    t = await createTestApp();
    a = await createAccount(t);
  });
  afterAll(() => t.close());

  const { share } = shareRequests(
    () => t,
    () => a,
  );

  describe('creating', () => {
    it('should create each type and answer the short address', async () => {
      for (const text_type of ['plain_text', 'source_code', 'markdown']) {
        const res = await share({ title: 'T', content: 'hello', text_type }).expect(200);
        expect(res.body).toMatchObject({ code: 200, message: 'success' });
        expect(res.body.data).toEqual({
          custom_slug: '',
          slug: expect.any(String),
          short_url: expect.any(String),
        });
        expect(idOf(res)).toEqual(expect.any(Number));
        expect(res.body.data.short_url).toBe(`http://localhost:3000/${res.body.data.slug}`);
      }
    });

    it('should take a language by name or alias, and refuse an unknown one', async () => {
      const res = await share({ content: 'x = 1', text_type: 'source_code', language: 'py' });
      const text = await t
        .api()
        .get(`/api/v1/texts/${idOf(res)}`)
        .set(a.auth)
        .expect(200);
      expect(text.body.data.language).toBe('python');
      const bad = await share({ content: 'x', text_type: 'source_code', language: 'klingon' });
      expect(bad.status).toBe(400);
      expect(bad.body.data.errors).toHaveProperty('language');
    });

    it('should detect the language when none is given', async () => {
      const go = 'package main\n\nimport "fmt"\n\nfunc main() {\n\tfmt.Println("hi")\n}\n';
      const res = await share({ content: go, text_type: 'source_code' }).expect(200);
      const text = await t
        .api()
        .get(`/api/v1/texts/${idOf(res)}`)
        .set(a.auth);
      expect(text.body.data.language).toBe('go');
      const json = await share({ content: '{"a": [1, 2]}', text_type: 'source_code' });
      const j = await t
        .api()
        .get(`/api/v1/texts/${idOf(json)}`)
        .set(a.auth);
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
});
