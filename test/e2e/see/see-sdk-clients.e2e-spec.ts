import { decode } from '../../contract/decode';
import {
  JAVA,
  JAVA_BIO,
  JAVA_QR,
  javaShortUrl,
  pythonShortUrl,
} from '../../contract/see-sdk-models';
import { createAccount, TestAccount } from '../../factories/account.factory';
import { createTestApp, TestApp } from '../../utils/create-test-app';
import { HOST } from '../../utils/requests';

// S.EE's Python SDK sends every optional field with its default, its Java SDK sends null; Java
// (Jackson) fails on any field its records do not declare. Both must work unmodified.
describe("S.EE's Python and Java SDKs, as they meet the wire", () => {
  let t: TestApp;
  let a: TestAccount;
  beforeAll(async () => {
    t = await createTestApp();
    a = await createAccount(t, 'pro');
  });
  afterAll(() => t.close());

  /** A call as both SDKs make it: the bare key in Authorization, JSON both ways. */
  const call = (method: 'get' | 'post' | 'put' | 'delete', path: string, body?: object) => {
    const req = t.api()[method](`/api/v1${path}`).set('Authorization', a.token);
    return body === undefined ? req : req.send(body);
  };

  it("should create a short URL from the Python SDK's defaults", async () => {
    const res = await call(
      'post',
      '/shorten',
      pythonShortUrl(HOST, 'https://example.com/py'),
    ).expect(200);
    expect(res.body.data).toEqual({
      custom_slug: '',
      short_url: expect.stringMatching(/^http:\/\/localhost:3000\/\w+$/),
      slug: expect.any(String),
    });
    const link = await t
      .api()
      .get(`/${res.body.data.slug as string}`)
      .expect(302);
    expect(link.headers.location).toBe('https://example.com/py');
    // "" was "no password", 0 "no expiry", [] "no tags".
    const stored = await t.api().get(res.headers.location).set(a.auth).expect(200);
    expect(stored.body.data).toMatchObject({ has_password: false, expire_at: null, tags: [] });
    const text = await call('post', '/text', { content: 'from python', title: '' }).expect(200);
    expect(text.body.data.slug).toEqual(expect.any(String));
  });

  it("should take the Java SDK's nulls and decode as strictly as Jackson", async () => {
    const made = decode(
      JAVA.created,
      (await call('post', '/shorten', javaShortUrl(HOST, 'https://example.com/j')).expect(200))
        .body,
    );
    const slug = (made.data as { slug: string }).slug;
    const update = { domain: HOST, slug, target_url: 'https://example.com/j2', title: 'J' };
    decode(JAVA.action, (await call('put', '/shorten', update).expect(200)).body);
    decode(JAVA.domains, (await call('get', '/domains').expect(200)).body);
    await t.api().post('/api/v1/tags').set(a.auth).send({ name: 'java' }).expect(201);
    decode(JAVA.tags, (await call('get', '/tags').expect(200)).body);
    const stat = await call(
      'get',
      `/link/visit-stat?domain=${HOST}&slug=${slug}&period=totally`,
    ).expect(200);
    decode(JAVA.visitStat, stat.body);
    decode(JAVA.token, (await call('post', '/token/check', { token: a.token }).expect(200)).body);
    decode(JAVA.usage, (await call('get', '/usage').expect(200)).body);
    decode(
      JAVA.action,
      (await call('delete', '/shorten', { domain: HOST, slug }).expect(200)).body,
    );

    const text = await call('post', '/text', { content: 'from java', title: 'T' }).expect(200);
    const textSlug = decode(JAVA.created, text.body).data as { slug: string };
    const putText = { content: 'changed', domain: HOST, slug: textSlug.slug, title: 'T2' };
    decode(JAVA.action, (await call('put', '/text', putText).expect(200)).body);
    decode(
      JAVA.action,
      (await call('delete', '/text', { domain: HOST, slug: textSlug.slug }).expect(200)).body,
    );

    const qrBody = {
      target_url: 'https://example.com/qr',
      title: 'QR',
      domain: null,
      custom_slug: null,
    };
    const qr = decode(JAVA_QR.create, (await call('post', '/qrcode', qrBody).expect(200)).body);
    decode(JAVA_QR.history, (await call('get', '/qrcodes').expect(200)).body);
    const qrSlug = (qr.data as { slug: string }).slug;
    decode(
      JAVA.action,
      (await call('delete', '/qrcode', { domain: HOST, slug: qrSlug }).expect(200)).body,
    );

    const bioBody = {
      title: 'Me',
      description: null,
      domain: null,
      custom_slug: null,
      mastodon_url: null,
      rss_url: null,
      custom_links: [{ title: 'Site', url: 'https://example.com/', description: null }],
    };
    const bio = decode(JAVA_BIO.create, (await call('post', '/bio', bioBody).expect(200)).body);
    const id = (bio.data as { bio_page_id: number }).bio_page_id;
    const bioUpdate = {
      id,
      title: 'Me 2',
      description: null,
      mastodon_url: null,
      rss_url: null,
      custom_links: null,
    };
    decode(JAVA.action, (await call('put', '/bio', bioUpdate).expect(200)).body);
    const history = decode(JAVA_BIO.history, (await call('get', '/bios').expect(200)).body);
    // null left each field as it was.
    expect(history.data).toMatchObject({
      total: 1,
      bio_pages: [{ title: 'Me 2', custom_links: [{ title: 'Site' }] }],
    });
    decode(JAVA.action, (await call('delete', '/bio', { id }).expect(200)).body);
  });

  it('should still refuse what is wrong, in our envelope', async () => {
    const res = await call('post', '/shorten', { ...javaShortUrl(HOST, 'not a url') }).expect(400);
    expect(res.body).toMatchObject({ code: 400, error: 'validation_failed' });
    const strict = await t.api().patch('/api/v1/links/1').set(a.auth).send({ tag_ids: null });
    expect(strict.status).toBe(400);
  });
});
