import { VisitRecorder } from '../../../src/analytics/capture/visit-recorder';
import { DataSource } from 'typeorm';
import { createAccount, TestAccount } from '../../factories/account.factory';
import { createTestApp, TestApp } from '../../utils/create-test-app';

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

  it('should give stats and db-stats of your own links, in the order the filter asks', async () => {
    const own = await createAccount(t);
    const call = (q: Record<string, string>) =>
      t
        .api()
        .get('/yourls')
        .query({ signature: own.token, format: 'json', ...q });
    for (const [keyword, visits] of [
      ['st-one', 1],
      ['st-three', 3],
      ['st-none', 0],
    ] as const) {
      await call({ action: 'shorturl', url: `https://example.com/${keyword}`, keyword }).expect(
        200,
      );
      for (let i = 0; i < visits; i++) await t.api().get(`/${keyword}`).expect(302);
    }
    // A text of the same account is no YOURLS link; another account's links are not counted.
    await t
      .api()
      .post('/api/v1/text')
      .set(own.auth)
      .send({ content: 'x', text_type: 'plain_text' })
      .expect(200);
    await t.app.get(VisitRecorder).flush();

    const db = await call({ action: 'db-stats' }).expect(200);
    expect(db.body).toEqual({
      'db-stats': { total_links: '3', total_clicks: '4' },
      statusCode: '200',
      message: 'success',
    });
    // Without a limit YOURLS lists no links, only the totals.
    const bare = await call({ action: 'stats' }).expect(200);
    expect(bare.body).toEqual({
      stats: { total_links: '3', total_clicks: '4' },
      statusCode: '200',
      message: 'success',
    });
    const keywords = async (q: Record<string, string>) => {
      const res = await call({ action: 'stats', ...q }).expect(200);
      const links = Object.entries(res.body.links as Record<string, { shorturl: string }>);
      return links.map(([k, l]) => `${k}=${l.shorturl.slice(l.shorturl.lastIndexOf('/') + 1)}`);
    };
    expect(await keywords({ limit: '10' })).toEqual([
      'link_1=st-three',
      'link_2=st-one',
      'link_3=st-none',
    ]);
    expect(await keywords({ filter: 'bottom', limit: '2' })).toEqual([
      'link_1=st-none',
      'link_2=st-one',
    ]);
    expect(await keywords({ filter: 'last', limit: '1', start: '1' })).toEqual(['link_1=st-three']);
    const shuffled = await keywords({ filter: 'rand', limit: '5' });
    expect(shuffled.map((k) => k.slice(k.indexOf('=') + 1)).sort()).toEqual([
      'st-none',
      'st-one',
      'st-three',
    ]);
    const top = await call({ action: 'stats', limit: '1' }).expect(200);
    expect(top.body.links).toEqual({
      link_1: {
        shorturl: 'http://localhost:3000/st-three',
        url: 'https://example.com/st-three',
        title: 'https://example.com/st-three',
        timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
        ip: '',
        clicks: '3',
      },
    });
    const url = await call({ action: 'url-stats', shorturl: 'st-three' }).expect(200);
    expect(url.body.link.clicks).toBe('3');
    // Bad numbers are PHP's intval: nothing listed, never an error.
    const far = await call({ action: 'stats', limit: '5', start: '9'.repeat(400) }).expect(200);
    expect(far.body).toEqual(bare.body);
    expect((await call({ action: 'stats', limit: 'x', start: '-5' }).expect(200)).body.links).toBe(
      undefined,
    );
    expect((await call({ action: 'db-stats', format: 'simple' }).expect(200)).text).toBe(
      'Need either XML or JSON format for stats',
    );
    const xml = await call({ action: 'db-stats', format: 'xml' }).expect(200);
    expect(xml.text).toContain(
      '<db-stats><total_links>3</total_links><total_clicks>4</total_clicks></db-stats>',
    );
    // A deleted link takes its clicks with it; the others' go on counting.
    await t.api().delete('/api/v1/shorten').set(own.auth).send({ slug: 'st-three' }).expect(200);
    await t.api().get('/st-none').expect(302);
    await t.app.get(VisitRecorder).flush();
    expect((await call({ action: 'db-stats' }).expect(200)).body['db-stats']).toEqual({
      total_links: '2',
      total_clicks: '2',
    });
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

  it.each([
    'http://x%20y',
    'http://[',
    'http://a:99999/',
    'http://%zz/',
    `https://e.com/${'a'.repeat(3000)}`,
  ])("should refuse %s as YOURLS refuses a bad URL, by the API's own rules", async (url) => {
    const res = await get({ action: 'shorturl', url, format: 'json' }).expect(400);
    expect(res.body).toMatchObject({ status: 'fail', code: 'error:nourl', errorCode: '400' });
  });

  it('should refuse control characters in a title, and keep stored ones out of XML', async () => {
    const bad = await get({
      action: 'shorturl',
      url: 'https://example.com/ctl',
      title: 'a\u0001b',
      format: 'json',
    }).expect(400);
    expect(bad.body).toEqual({ errorCode: '400', message: expect.stringMatching(/control/) });
    await get({ action: 'shorturl', url: 'https://example.com/ctl', keyword: 'yk-ctl' }).expect(
      200,
    );
    // A title stored before titles were checked.
    await t.app
      .get(DataSource)
      .query('UPDATE links SET title = ? WHERE slug = ?', ['x\u0001\u0008y\ufffe', 'yk-ctl']);
    const xml = await get({ action: 'expand', shorturl: 'yk-ctl', format: 'xml' }).expect(200);
    expect(xml.text).toContain('<title>xy</title>');
    // eslint-disable-next-line no-control-regex -- none may reach the XML
    expect(xml.text).not.toMatch(/[\u0000-\u0008]/);
  });

  it("should answer at S.EE's documented {base_url}/yourls too", async () => {
    const res = await get({ action: 'version', format: 'json' }, '/api/v1/yourls').expect(200);
    expect(res.body).toEqual({ version: '1.9.2' });
  });

  it("should take ShareX's multipart form, and an account's username and password", async () => {
    const res = await t
      .api()
      .post('/yourls-api.php')
      .field('signature', a.token)
      .field('action', 'shorturl')
      .field('url', 'https://example.com/sharex-multipart')
      .field('format', 'simple')
      .expect(200);
    expect(res.text).toMatch(/^http:\/\/localhost:3000\/[A-Za-z0-9_-]+$/);
    const withFile = await t
      .api()
      .post('/yourls')
      .field('signature', a.token)
      .field('action', 'version')
      .attach('file', Buffer.from('x'), 'x.txt')
      .expect(400);
    expect(withFile.text).toMatch(/Malformed form/);
    const byPassword = await t
      .api()
      .post('/yourls')
      .type('form')
      .send({
        username: a.email,
        password: a.password,
        action: 'shorturl',
        url: 'https://example.com/up',
        format: 'json',
      })
      .expect(200);
    expect(byPassword.body.status).toBe('success');
    const wrong = await get({ action: 'version', format: 'json' }, '/yourls').query({
      signature: '',
      username: a.email,
      password: 'wrong password!',
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ errorCode: '401', message: 'Wrong email or password' });
  });

  it("should call back the yourls-api library's bracketed JSONP names", async () => {
    for (const cb of ['__yourls123_jsonp[4]', 'a.b[c].d', '$x[0][1]']) {
      const res = await get({ action: 'version', format: 'jsonp', callback: cb }).expect(200);
      expect(res.text).toBe(`${cb}({"version":"1.9.2","callback":"${cb}"})`);
    }
    for (const cb of ['a[1);alert(1)//]', 'a["x"]', 'a[]', 'a.[1]', 'a]', '[1]']) {
      const res = await get({ action: 'version', format: 'jsonp', callback: cb }).expect(200);
      expect(res.text.startsWith('yourls(')).toBe(true);
    }
  });
});
