import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAccount, TestAccount } from '../factories/account.factory';
import { filesUnder, gif, jpeg, png, webp } from '../factories/file.factory';
import { createTestApp, TestApp } from '../utils/create-test-app';

const HOST = 'localhost:3000';
const RECORD_KEYS = [
  'delete',
  'file_id',
  'filename',
  'hash',
  'height',
  'page',
  'path',
  'size',
  'storename',
  'upload_status',
  'url',
  'width',
].sort();
/** `url` is absolute on PUBLIC_URL; supertest needs the path. */
const local = (url: string) => new URL(url).pathname;

describe('Files', () => {
  let t: TestApp;
  let a: TestAccount;
  let b: TestAccount;

  beforeAll(async () => {
    t = await createTestApp({ PLAN_FREE_MAX_FILE_BYTES: String(256 * 1024) });
    a = await createAccount(t);
    b = await createAccount(t);
  });
  afterAll(() => t.close());

  const upload = (buf: Buffer, name = 'a.png', field = 'file', who: TestAccount = a) =>
    t.api().post('/api/v1/file/upload').set(who.auth).attach(field, buf, name);

  describe('upload', () => {
    it.each(['file', 'legacyfile', 'smfile'])(
      'should store a file sent as "%s" and answer the record exactly',
      async (field) => {
        const res = await upload(png(3, 2), 'pic.png', field).expect(200);
        expect(res.body).toMatchObject({ code: 200, success: true, message: 'success' });
        const d = res.body.data;
        expect(Object.keys(d).sort()).toEqual(RECORD_KEYS);
        expect(d).toMatchObject({ width: 3, height: 2, filename: 'pic.png', upload_status: 2 });
        expect(d.storename).toMatch(/^[A-Za-z0-9]{16}\.png$/);
        expect(d.path).toMatch(/^\/\d{4}\/\d{2}\/\d{2}\/[0-9a-f]{12}\/[A-Za-z0-9]{16}\.png$/);
        expect(d.path.endsWith(`/${d.storename}`)).toBe(true);
        expect(d.hash).toMatch(/^[0-9a-f]{32}$/);
        expect(d.url).toBe(`http://localhost:3000/u${d.path}`);
        expect(d.delete).toBe(`http://localhost:3000/api/v1/file/delete/${d.hash}`);
        expect(d.page).toMatch(/^http:\/\/localhost:3000\/[A-Za-z0-9]{6}$/);
        expect(d.size).toBe(png(3, 2).length);
      },
    );

    it('should accept the bare Authorization header that SM.MS clients send', async () => {
      await t
        .api()
        .post('/api/v1/file/upload')
        .set('Authorization', a.token)
        .attach('smfile', png(1, 1), 'x.png')
        .expect(200);
    });

    it('should create a new record for bytes uploaded before', async () => {
      const first = await upload(png(5, 5)).expect(200);
      const second = await upload(png(5, 5)).expect(200);
      expect(second.body.data.file_id).not.toBe(first.body.data.file_id);
      expect(second.body.data.path).not.toBe(first.body.data.path);
    });

    it.each([
      ['PNG', png(17, 9), 'image/png', 17, 9],
      ['JPEG', jpeg(640, 480), 'image/jpeg', 640, 480],
      ['GIF', gif(32, 16), 'image/gif', 32, 16],
      ['WebP', webp(300, 200), 'image/webp', 300, 200],
    ])('should read the dimensions of a %s', async (_, buf, mime, w, h) => {
      const res = await upload(buf, 'img.bin').expect(200);
      expect(res.body.data).toMatchObject({ width: w, height: h });
      const bytes = await t.api().get(`/u${res.body.data.path}`).expect(200);
      expect(bytes.headers['content-type']).toBe(mime);
    });

    it('should sniff the type from the bytes, not the name or the client', async () => {
      const res = await t
        .api()
        .post('/api/v1/file/upload')
        .set(a.auth)
        .attach('file', Buffer.from('just some notes\n'), {
          filename: 'notes.png',
          contentType: 'image/png',
        })
        .expect(200);
      expect(res.body.data).toMatchObject({ width: 0, height: 0, filename: 'notes.png' });
      expect(res.body.data.storename).toMatch(/\.txt$/);
      const bytes = await t.api().get(`/u${res.body.data.path}`).expect(200);
      expect(bytes.headers['content-type']).toBe('text/plain; charset=utf-8');
    });

    it('should clean path parts and control characters from the name', async () => {
      // Control characters cannot stand raw in a header; clients send them RFC 5987-encoded.
      const name = encodeURIComponent('../../etc/pa\u0001ss\u007fw\td\u0000.png');
      const body = Buffer.concat([
        Buffer.from(
          `--B\r\nContent-Disposition: form-data; name="file"; filename*=UTF-8''${name}\r\n` +
            'Content-Type: image/png\r\n\r\n',
        ),
        png(1, 1),
        Buffer.from('\r\n--B--\r\n'),
      ]);
      const res = await t
        .api()
        .post('/api/v1/file/upload')
        .set(a.auth)
        .set('Content-Type', 'multipart/form-data; boundary=B')
        .send(body)
        .expect(200);
      expect(res.body.data.filename).toBe('passwd.png');
      const win = await upload(png(1, 1), 'C:\\Users\\me\\photo.png').expect(200);
      expect(win.body.data.filename).toBe('photo.png');
    });

    it('should refuse a zero-byte file with empty_file and keep nothing', async () => {
      const before = filesUnder(t.storageDir).length;
      const res = await upload(Buffer.alloc(0), 'empty.txt').expect(400);
      expect(res.body).toMatchObject({ code: 400, success: false, error: 'empty_file' });
      expect(filesUnder(t.storageDir)).toHaveLength(before);
    });

    it('should refuse two file parts, no file part, and an unknown file field', async () => {
      const before = filesUnder(t.storageDir).length;
      const two = await t
        .api()
        .post('/api/v1/file/upload')
        .set(a.auth)
        .attach('file', png(1, 1), 'a.png')
        .attach('file', png(2, 2), 'b.png')
        .expect(400);
      expect(two.body.message).toMatch(/exactly one file/);
      const none = await t
        .api()
        .post('/api/v1/file/upload')
        .set(a.auth)
        .field('domain', HOST)
        .expect(400);
      expect(none.body.message).toMatch(/No file part/);
      const other = await upload(png(1, 1), 'a.png', 'image').expect(400);
      expect(other.body.error).toBe('bad_request');
      expect(filesUnder(t.storageDir)).toHaveLength(before);
    });

    it('should refuse a body that is not multipart', async () => {
      const res = await t
        .api()
        .post('/api/v1/file/upload')
        .set(a.auth)
        .send({ file: 'x' })
        .expect(415);
      expect(res.body.error).toBe('unsupported_media_type');
    });

    it('should stop a file over the plan limit mid-stream and leave nothing', async () => {
      const before = filesUnder(t.storageDir).length;
      const usage = (await t.api().get('/api/v1/account').set(a.auth)).body.data.usage;
      const res = await upload(Buffer.alloc(1024 * 1024, 7), 'big.bin').expect(413);
      expect(res.body).toMatchObject({ code: 413, success: false, error: 'file_too_large' });
      expect(filesUnder(t.storageDir)).toHaveLength(before);
      const after = (await t.api().get('/api/v1/account').set(a.auth)).body.data.usage;
      expect(after).toEqual(usage);
    });

    it('should use the custom slug and domain given with the file', async () => {
      const res = await t
        .api()
        .post('/api/v1/file/upload')
        .set(a.auth)
        .field('custom_slug', 'my-pic')
        .attach('file', png(2, 2), 'p.png')
        .expect(200);
      expect(res.body.data.page).toBe('http://localhost:3000/my-pic');
      const taken = await t
        .api()
        .post('/api/v1/file/upload')
        .set(a.auth)
        .field('custom_slug', 'my-pic')
        .attach('file', png(2, 2), 'p.png')
        .expect(409);
      expect(taken.body.error).toBe('slug_taken');
      const badDomain = await t
        .api()
        .post('/api/v1/file/upload')
        .set(a.auth)
        .field('domain', 'evil.example')
        .attach('file', png(2, 2), 'p.png')
        .expect(400);
      expect(badDomain.body.error).toBe('domain_not_allowed');
    });

    it('should need a token', async () => {
      await t.api().post('/api/v1/file/upload').attach('file', png(1, 1), 'a.png').expect(401);
    });
  });

  describe('history and delete', () => {
    it('should page 30 newest first, the same at /files and /file/upload_history', async () => {
      const c = await createAccount(t);
      const ids: number[] = [];
      for (let i = 0; i < 31; i++) {
        ids.push((await upload(png(1, 1), `f${i}.png`, 'file', c).expect(200)).body.data.file_id);
      }
      const p1 = await t.api().get('/api/v1/files').set(c.auth).expect(200);
      expect(p1.body.data).toHaveLength(30);
      expect(p1.body.data[0].file_id).toBe(ids[30]);
      expect(p1.body.data[0].created_at).toEqual(expect.any(Number));
      expect(Object.keys(p1.body.data[0]).sort()).toEqual([...RECORD_KEYS, 'created_at'].sort());
      const p2 = await t.api().get('/api/v1/files?page=2').set(c.auth).expect(200);
      expect(p2.body.data.map((f: { file_id: number }) => f.file_id)).toEqual([ids[0]]);
      const all = [...p1.body.data, ...p2.body.data].map((f: { file_id: number }) => f.file_id);
      expect(all).toEqual([...ids].reverse());
      const compat = await t.api().get('/api/v1/file/upload_history?page=2').set(c.auth);
      expect(compat.body).toEqual(p2.body);
      for (const page of ['0', '-1', 'x', '1.5']) {
        const res = await t.api().get(`/api/v1/files?page=${page}`).set(c.auth).expect(400);
        expect(res.body.error).toBe('validation_failed');
      }
      const usage = (await t.api().get('/api/v1/account').set(c.auth)).body.data.usage;
      expect(usage).toMatchObject({ files: 31, storage_bytes: 31 * png(1, 1).length });
    });

    it("should not show another account's files", async () => {
      await upload(png(1, 1), 'mine.png', 'file', a).expect(200);
      const c = await createAccount(t);
      expect((await t.api().get('/api/v1/files').set(c.auth).expect(200)).body.data).toEqual([]);
    });

    it('should delete by hash once (GET or DELETE, no token), with its bytes and link', async () => {
      const { data } = (await upload(png(4, 4)).expect(200)).body;
      const before = (await t.api().get('/api/v1/account').set(a.auth)).body.data.usage;
      const res = await t.api().get(`/api/v1/file/delete/${data.hash}`).expect(200);
      expect(res.body).toMatchObject({ code: 200, success: true, data: { file_id: data.file_id } });
      await t.api().get(`/api/v1/file/delete/${data.hash}`).expect(404);
      await t.api().delete(`/api/v1/file/delete/${data.hash}`).expect(404);
      await t.api().get(`/u${data.path}`).expect(404);
      await t.api().get(local(data.page)).expect(404);
      expect(filesUnder(t.storageDir).some((f) => f.endsWith(data.storename))).toBe(false);
      const after = (await t.api().get('/api/v1/account').set(a.auth)).body.data.usage;
      expect(after.files).toBe(before.files - 1);
      expect(after.storage_bytes).toBe(before.storage_bytes - data.size);
      await t.api().delete('/api/v1/file/delete/not-a-hash').expect(404);
    });

    it('should remove the bytes when the file is deleted through the links API', async () => {
      const { data } = (await upload(png(6, 6)).expect(200)).body;
      await t.api().delete(`/api/v1/links/${data.file_id}`).set(b.auth).expect(404);
      await t.api().delete(`/api/v1/links/${data.file_id}`).set(a.auth).expect(200);
      expect(filesUnder(t.storageDir).some((f) => f.endsWith(data.storename))).toBe(false);
      await t.api().get(`/u${data.path}`).expect(404);
    });
  });

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
      const page = await t.api().get(local(data.page)).set('Accept', 'text/html').expect(200);
      expect(page.text).not.toContain('<svg');
      expect(page.text).not.toContain('<script>alert');
    });

    it('should show a share page with a preview and OpenGraph tags, and the raw bytes', async () => {
      const body = png(8, 6);
      const { data } = (await upload(body, 'holiday <1>.png').expect(200)).body;
      const slug = local(data.page).slice(1);
      const page = await t.api().get(`/${slug}`).expect(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.text).toContain('<h1>holiday &lt;1&gt;.png</h1>');
      expect(page.text).toContain(
        `<img src="/${slug}/raw" alt="holiday &lt;1&gt;.png" width="8" height="6"`,
      );
      expect(page.text).toContain(`<meta property="og:image" content="${data.url}">`);
      expect(page.text).toContain('Download');
      const raw = await t.api().get(`/${slug}/raw`).expect(200);
      expect(Buffer.compare(raw.body as Buffer, body)).toBe(0);
    });
  });

  it('should leave nothing behind when the client disconnects mid-upload', async () => {
    const before = filesUnder(t.storageDir).length;
    const usage = (await t.api().get('/api/v1/account').set(a.auth)).body.data.usage;
    const server = t.http.listening ? t.http : t.http.listen(0);
    const { port } = server.address() as AddressInfo;
    await new Promise<void>((resolve) => {
      const req = httpRequest({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/v1/file/upload',
        headers: {
          Authorization: a.auth.Authorization,
          'Content-Type': 'multipart/form-data; boundary=XyZ',
          'Content-Length': String(200_000),
        },
      });
      req.on('error', () => resolve());
      req.write('--XyZ\r\nContent-Disposition: form-data; name="file"; filename="cut.bin"\r\n\r\n');
      req.write(Buffer.alloc(100_000, 1), () => setTimeout(() => req.destroy(), 200));
      req.on('close', () => resolve());
    });
    await new Promise((r) => setTimeout(r, 300));
    expect(filesUnder(t.storageDir)).toHaveLength(before);
    const after = (await t.api().get('/api/v1/account').set(a.auth)).body.data.usage;
    expect(after).toEqual(usage);
  });
});

describe('Storage quota', () => {
  let t: TestApp;
  beforeAll(async () => (t = await createTestApp({ PLAN_FREE_QUOTA_BYTES: '1000' })));
  afterAll(() => t.close());

  it('should refuse a file that does not fit in what is left, and keep nothing', async () => {
    const a = await createAccount(t);
    await t
      .api()
      .post('/api/v1/file/upload')
      .set(a.auth)
      .attach('file', Buffer.alloc(600, 1), 'a.bin')
      .expect(200);
    const res = await t
      .api()
      .post('/api/v1/file/upload')
      .set(a.auth)
      .attach('file', Buffer.alloc(600, 2), 'b.bin')
      .expect(413);
    expect(res.body.error).toBe('quota_exceeded');
    expect(filesUnder(t.storageDir)).toHaveLength(1);
  });
});
