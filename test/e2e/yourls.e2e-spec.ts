import { createAccount, TestAccount } from '../factories/account.factory';
import { createTestApp, TestApp } from '../utils/create-test-app';

// The YOURLS API as its clients call it (yourls-api.php: $_REQUEST, signature, format).
describe('YOURLS compatibility', () => {
  let t: TestApp;
  let a: TestAccount;
  beforeAll(async () => {
    t = await createTestApp();
    a = await createAccount(t);
  });
  afterAll(() => t.close());

  const get = (q: Record<string, string>, path = '/yourls') =>
    t
      .api()
      .get(path)
      .query({ signature: a.token, ...q });

  it("should shorten as ShareX's YOURLS shortener does: GET, format=simple, the URL alone", async () => {
    const res = await get(
      { action: 'shorturl', format: 'simple', url: 'https://example.com/sharex' },
      '/yourls-api.php',
    ).expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.text).toMatch(/^http:\/\/localhost:3000\/[A-Za-z0-9_-]{6,}$/);
    await t
      .api()
      .get(new URL(res.text).pathname)
      .expect(302)
      .expect('Location', 'https://example.com/sharex');
    // simple is the default format
    const plain = await get({ action: 'shorturl', url: 'https://example.com/d' }).expect(200);
    expect(plain.text).toMatch(/^http:\/\/localhost:3000\//);
  });

  it("should answer json in YOURLS's shape, statusCode a string, from a form POST too", async () => {
    const res = await t
      .api()
      .post('/yourls')
      .type('form')
      .send({
        signature: a.token,
        action: 'shorturl',
        url: 'https://example.com/form',
        keyword: 'yk-form',
        title: 'Form',
        format: 'json',
      })
      .expect(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body).toEqual({
      url: {
        keyword: 'yk-form',
        url: 'https://example.com/form',
        title: 'Form',
        date: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
        ip: expect.any(String),
      },
      status: 'success',
      message: 'https://example.com/form added to database',
      title: 'Form',
      shorturl: 'http://localhost:3000/yk-form',
      statusCode: '200',
    });
  });

  it('should give a taken keyword a random slug, as S.EE does', async () => {
    const res = await get({
      action: 'shorturl',
      url: 'https://example.com/again',
      keyword: 'yk-form',
      format: 'json',
    }).expect(200);
    expect(res.body.status).toBe('success');
    expect(res.body.url.keyword).not.toBe('yk-form');
    expect(res.body.shorturl).not.toBe('http://localhost:3000/yk-form');
    const reserved = await get({
      action: 'shorturl',
      url: 'https://e.com/',
      keyword: 'api',
      format: 'json',
    });
    expect(reserved.body.url.keyword).not.toBe('api');
  });

  it('should expand and give url-stats of your own links only', async () => {
    const expand = await get({
      action: 'expand',
      shorturl: 'http://localhost:3000/yk-form',
      format: 'json',
    }).expect(200);
    expect(expand.body).toEqual({
      keyword: 'yk-form',
      shorturl: 'http://localhost:3000/yk-form',
      longurl: 'https://example.com/form',
      title: 'Form',
      message: 'success',
      statusCode: '200',
    });
    expect((await get({ action: 'expand', shorturl: 'yk-form' }).expect(200)).text).toBe(
      'https://example.com/form',
    );
    const stats = await get({ action: 'url-stats', shorturl: 'yk-form', format: 'json' }).expect(
      200,
    );
    expect(stats.body).toEqual({
      statusCode: '200',
      message: 'success',
      link: {
        shorturl: 'http://localhost:3000/yk-form',
        url: 'https://example.com/form',
        title: 'Form',
        timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
        ip: '',
        clicks: '0',
      },
    });
    const b = await createAccount(t);
    const theirs = await t
      .api()
      .get('/yourls')
      .query({ signature: b.token, action: 'expand', shorturl: 'yk-form', format: 'json' })
      .expect(404);
    expect(theirs.body).toEqual({
      keyword: 'yk-form',
      message: 'Error: short URL not found',
      errorCode: '404',
    });
    expect((await get({ action: 'expand', shorturl: 'nope-nope' }).expect(404)).text).toBe(
      'not found',
    );
  });

  it('should answer xml and jsonp, and keep a hostile callback out', async () => {
    const xml = await get({ action: 'expand', shorturl: 'yk-form', format: 'xml' }).expect(200);
    expect(xml.headers['content-type']).toMatch(/^application\/xml/);
    expect(xml.text).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n<result><keyword>yk-form</keyword>' +
        '<shorturl>http://localhost:3000/yk-form</shorturl><longurl>https://example.com/form</longurl>' +
        '<title>Form</title><message>success</message><statusCode>200</statusCode></result>',
    );
    const jsonp = await get({ action: 'version', format: 'jsonp', callback: 'cb.done' }).expect(
      200,
    );
    expect(jsonp.headers['content-type']).toMatch(/^application\/javascript/);
    expect(jsonp.text).toBe('cb.done({"version":"1.9.2","callback":"cb.done"})');
    const hostile = await get({
      action: 'version',
      format: 'jsonp',
      callback: 'alert(1)//',
    }).expect(200);
    expect(hostile.text.startsWith('yourls(')).toBe(true);
    expect((await get({ action: 'version' }).expect(200)).text).toBe('1.9.2');
  });

  it("should refuse bad calls in YOURLS's error shape with the real status", async () => {
    const noUrl = await get({ action: 'shorturl', url: 'not a url', format: 'json' }).expect(400);
    expect(noUrl.body).toEqual({
      status: 'fail',
      code: 'error:nourl',
      message: 'Missing or malformed URL',
      errorCode: '400',
    });
    const noAction = await get({ format: 'json' }).expect(400);
    expect(noAction.body).toEqual({
      errorCode: '400',
      message: 'Unknown or missing "action" parameter',
    });
    const anon = await t
      .api()
      .get('/yourls')
      .query({ action: 'version', format: 'json' })
      .expect(401);
    expect(anon.body).toEqual({ errorCode: '401', message: expect.stringMatching(/token/) });
    const badToken = await t
      .api()
      .get('/yourls')
      .query({ signature: 'ld_nope', action: 'version' })
      .expect(401);
    expect(badToken.text).toMatch(/Invalid/);
    const xmlErr = await get({ action: 'shorturl', url: '', format: 'xml' }).expect(400);
    expect(xmlErr.text).toContain('<code>error:nourl</code>');
  });
});
