import { DataSource } from 'typeorm';
import { ApiToken } from '../../../src/auth/api-token.entity';
import { createAccount, TestAccount } from '../../factories/account.factory';
import { createTestApp, TestApp } from '../../utils/create-test-app';
import { idOf } from '../../utils/requests';

// The calls of S.EE's TypeScript SDK (sdotee/sdk.ts types.ts), in the shapes it decodes.
describe('S.EE parity', () => {
  let t: TestApp;
  let a: TestAccount;
  beforeAll(async () => {
    t = await createTestApp();
    a = await createAccount(t);
  });
  afterAll(() => t.close());

  it('should list tags as { tags: [{ id, name }] }', async () => {
    await t.api().post('/api/v1/tags').set(a.auth).send({ name: 'sdk' }).expect(201);
    const res = await t.api().get('/api/v1/tags').set('Authorization', a.token).expect(200);
    expect(res.body).toMatchObject({ code: 200, message: expect.any(String) });
    expect(res.body.data.tags).toEqual([{ id: expect.any(Number), name: 'sdk' }]);
  });

  it('should create a text from content and title only (plain text), or from content alone', async () => {
    const res = await t
      .api()
      .post('/api/v1/text')
      .set(a.auth)
      .send({ content: 'from the SDK', title: 'Note' })
      .expect(200);
    expect(res.body.code).toBe(200);
    expect(res.body).toEqual({
      code: 200,
      message: 'success',
      data: {
        slug: expect.any(String),
        custom_slug: '',
        short_url: expect.stringMatching(/^http:\/\/localhost:3000\//),
      },
    });
    const text = await t
      .api()
      .get(`/api/v1/texts/${idOf(res)}`)
      .set(a.auth)
      .expect(200);
    expect(text.body.data).toMatchObject({ text_type: 'plain_text', title: 'Note' });
    await t.api().post('/api/v1/text').set(a.auth).send({ content: 'bare' }).expect(200);
    const bad = await t
      .api()
      .post('/api/v1/text')
      .set(a.auth)
      .send({ content: 'x', text_type: 'pdf' });
    expect(bad.status).toBe(400);
  });

  it('should check a token: masked, valid, and when it expires; an expired one is refused', async () => {
    const check = (token: string) =>
      t.api().post('/api/v1/token/check').set(a.auth).send({ token }).expect(200);
    const mine = await check(a.token);
    expect(mine.body.data).toEqual({
      token: `${a.token.slice(0, 6)}****${a.token.slice(-4)}`,
      valid: true,
      expires_at: 0,
    });
    expect(JSON.stringify(mine.body)).not.toContain(a.token);
    expect((await check('ld_not-a-real-token-at-all')).body.data.valid).toBe(false);
    const issued = await t
      .api()
      .post('/api/v1/tokens')
      .set(a.auth)
      .send({ name: 'a week', expires_in_days: 7 })
      .expect(201);
    const { token, id, expires_at } = issued.body.data as {
      token: string;
      id: number;
      expires_at: number;
    };
    expect(expires_at - Date.now() / 1000).toBeGreaterThan(7 * 86_400 - 60);
    expect((await check(token)).body.data).toMatchObject({ valid: true, expires_at });
    await t.app
      .get(DataSource)
      .getRepository(ApiToken)
      .update({ id }, { expiresAt: new Date(Date.now() - 1000) });
    expect((await check(token)).body.data.valid).toBe(false);
    const refused = await t.api().get('/api/v1/tags').set('Authorization', `Bearer ${token}`);
    expect(refused.status).toBe(401);
    expect(refused.body.error).toBe('unauthorized');
    const tooLong = await t
      .api()
      .post('/api/v1/tokens')
      .set(a.auth)
      .send({ name: 'x', expires_in_days: 0 });
    expect(tooLong.status).toBe(400);
  });

  it("should list links with S.EE's history fields (strings stay strings)", async () => {
    const b = await createAccount(t);
    const made = await t
      .api()
      .post('/api/v1/shorten')
      .set(b.auth)
      .send({ domain: 'localhost:3000', target_url: 'https://example.com/a' })
      .expect(200);
    await t.api().post('/api/v1/text').set(b.auth).send({ content: 'hello' }).expect(200);
    const res = await t.api().get('/api/v1/links?page=1').set('Authorization', b.token);
    expect(res.status).toBe(200);
    const [text, link] = res.body.data as Record<string, unknown>[];
    expect(link).toMatchObject({
      created_at: expect.any(Number),
      domain: 'localhost:3000',
      object_type: 1,
      short_url: made.body.data.short_url,
      slug: made.body.data.slug,
      target_url: 'https://example.com/a',
      title: '',
      visit_count: 0,
      is_expired: false,
    });
    expect(text).toMatchObject({ object_type: 2, target_url: '', title: '' });
    // A single resource keeps null: our PATCH reads it back.
    const one = await t
      .api()
      .get(`/api/v1/links/${link.id as number}`)
      .set(b.auth)
      .expect(200);
    expect(one.body.data.title).toBeNull();
  });

  it("should list texts with S.EE's history fields: a preview, whether expired, the type", async () => {
    const b = await createAccount(t);
    const long = 'é'.repeat(150);
    await t.api().post('/api/v1/text').set(b.auth).send({ content: long, title: 'Long' });
    const soon = Math.floor(t.clock.now() / 1000) + 60;
    await t
      .api()
      .post('/api/v1/text')
      .set(b.auth)
      .send({ content: '# hi', text_type: 'markdown', expire_at: soon })
      .expect(200);
    t.clock.advance(120_000);
    const res = await t.api().get('/api/v1/texts?page=1').set(b.auth).expect(200);
    t.clock.reset();
    const [md, plain] = res.body.data as Record<string, unknown>[];
    expect(md).toMatchObject({
      id: expect.any(Number),
      content_preview: '# hi',
      is_expired: true,
      text_type: 'markdown',
      title: '',
      domain: 'localhost:3000',
      short_url: expect.any(String),
      slug: expect.any(String),
      created_at: expect.any(Number),
    });
    expect(plain).toMatchObject({
      content_preview: 'é'.repeat(100),
      is_expired: false,
      title: 'Long',
    });
    expect(plain).not.toHaveProperty('content');
  });
});
