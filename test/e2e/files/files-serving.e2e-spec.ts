import { createAccount, TestAccount } from '../../factories/account.factory';
import { png } from '../../factories/file.factory';
import { createTestApp, TestApp } from '../../utils/create-test-app';
import { rawUpload } from '../../utils/raw-upload';
import { localPath, shareRequests } from '../../utils/requests';

describe('Files', () => {
  let t: TestApp;
  let a: TestAccount;

  beforeAll(async () => {
    t = await createTestApp({ PLAN_FREE_MAX_FILE_BYTES: String(256 * 1024) });
    a = await createAccount(t);
  });
  afterAll(() => t.close());

  const { upload } = shareRequests(
    () => t,
    () => a,
  );

  describe('serving', () => {
    it('should serve the bytes with length, ETag, long caching and ranges', async () => {
      const body = png(40, 40);
      const { data } = (await upload(body).expect(200)).body;
      const full = await t.api().get(`/u${data.path}`).expect(200);
      expect(Buffer.compare(full.body as Buffer, body)).toBe(0);
      expect(full.headers['content-length']).toBe(String(body.length));
      expect(full.headers['cache-control']).toContain('max-age=31536000');
      expect(full.headers['accept-ranges']).toBe('bytes');
      expect(full.headers['content-disposition']).toMatch(/^inline;/);
      const part = await t.api().get(`/u${data.path}`).set('Range', 'bytes=1-3').expect(206);
      expect(part.headers['content-range']).toBe(`bytes 1-3/${body.length}`);
      expect(Buffer.compare(part.body as Buffer, body.subarray(1, 4))).toBe(0);
      const tail = await t.api().get(`/u${data.path}`).set('Range', 'bytes=-4').expect(206);
      expect(Buffer.compare(tail.body as Buffer, body.subarray(body.length - 4))).toBe(0);
      await t
        .api()
        .get(`/u${data.path}`)
        .set('Range', `bytes=${body.length + 10}-`)
        .expect(416);
      await t.api().get(`/u${data.path}`).set('If-None-Match', full.headers.etag).expect(304);
      const head = await t.api().head(`/u${data.path}`).expect(200);
      expect(head.headers['content-length']).toBe(String(body.length));
      await t.api().get('/u/2020/01/01/000000000000/AAAAAAAAAAAAAAAA.png').expect(404);
      await t.api().get('/u/../../etc/passwd').expect(404);
    });

    it.each([
      ['HTML', '<!doctype html><script>alert(document.cookie)</script>', 'text/html'],
      ['SVG', '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>', 'image/svg+xml'],
    ])('should serve an %s upload so it cannot run', async (_, content, mime) => {
      const { data } = (await upload(Buffer.from(content), 'x.html').expect(200)).body;
      const res = await t.api().get(`/u${data.path}`).expect(200);
      expect(res.headers['content-type']).toMatch(new RegExp(`^${mime.replace('+', '\\+')}`));
      expect(res.headers['content-disposition']).toMatch(/^attachment;/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-security-policy']).toMatch(/^sandbox;/);
      const page = await t.api().get(localPath(data.page)).set('Accept', 'text/html').expect(200);
      expect(page.text).not.toContain('<svg');
      expect(page.text).not.toContain('<script>alert');
    });

    it('should show a share page with a preview and OpenGraph tags, and the raw bytes', async () => {
      const body = png(8, 6);
      const { data } = (await upload(body, 'holiday <1>.png').expect(200)).body;
      const slug = localPath(data.page).slice(1);
      const page = await t.api().get(`/${slug}`).expect(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.text).toContain('<h1>holiday &lt;1&gt;.png</h1>');
      // At screen size from its thumbnail, the full size a click away.
      expect(page.text).toContain(
        `<a href="/${slug}/raw"><img src="${new URL(data.thumb_url as string).pathname}" alt="holiday &lt;1&gt;.png" width="8" height="6"`,
      );
      expect(page.text).toContain(`<meta property="og:image" content="${data.thumb_url}">`);
      expect(page.text).toContain('Download');
      const raw = await t.api().get(`/${slug}/raw`).expect(200);
      expect(Buffer.compare(raw.body as Buffer, body)).toBe(0);
    });
  });

  it('should leave nothing behind when the client disconnects mid-upload', async () => {
    const before = (await t.storedFiles()).length;
    const usage = (await t.api().get('/api/v1/account').set(a.auth)).body.data.usage;
    await new Promise<void>((resolve) => {
      const req = rawUpload(t, a.auth.Authorization, 'cut.bin', {
        'Content-Length': String(200_000),
      });
      req.on('error', () => resolve());
      req.write(Buffer.alloc(100_000, 1), () => setTimeout(() => req.destroy(), 200));
      req.on('close', () => resolve());
    });
    await new Promise((r) => setTimeout(r, 300));
    expect(await t.storedFiles()).toHaveLength(before);
    const after = (await t.api().get('/api/v1/account').set(a.auth)).body.data.usage;
    expect(after).toEqual(usage);
  });
});
