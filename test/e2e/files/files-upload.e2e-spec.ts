import { createAccount, TestAccount } from '../../factories/account.factory';
import { gif, jpeg, png, webp } from '../../factories/file.factory';
import { createTestApp, TestApp } from '../../utils/create-test-app';
import { HOST, RECORD_KEYS, shareRequests } from '../../utils/requests';

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

  describe('upload', () => {
    it.each(['file', 'legacyfile', 'smfile'])(
      'should store a file sent as "%s" and answer the record exactly',
      async (field) => {
        const res = await upload(png(3, 2), 'pic.png', field).expect(200);
        expect(res.body).toMatchObject({ code: 200, success: true, message: 'success' });
        const d = res.body.data;
        expect(Object.keys(d).sort()).toEqual(RECORD_KEYS);
        expect(d).toMatchObject({ width: 3, height: 2, filename: 'pic.png', upload_status: 2 });
        // S.EE's FileInfo: the sniffed type, and a thumbnail (1280 px at most, WebP) beside it.
        expect(d).toMatchObject({ mime_type: 'image/png', thumb_url: `${d.url}.1280.webp` });
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
      const before = (await t.storedFiles()).length;
      const res = await upload(Buffer.alloc(0), 'empty.txt').expect(400);
      expect(res.body).toMatchObject({ code: 400, success: false, error: 'empty_file' });
      expect(await t.storedFiles()).toHaveLength(before);
    });

    it('should refuse two file parts, no file part, and an unknown file field', async () => {
      const before = (await t.storedFiles()).length;
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
      expect(await t.storedFiles()).toHaveLength(before);
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
      const before = (await t.storedFiles()).length;
      const usage = (await t.api().get('/api/v1/account').set(a.auth)).body.data.usage;
      const res = await upload(Buffer.alloc(1024 * 1024, 7), 'big.bin').expect(413);
      expect(res.body).toMatchObject({ code: 413, success: false, error: 'file_too_large' });
      expect(await t.storedFiles()).toHaveLength(before);
      const after = (await t.api().get('/api/v1/account').set(a.auth)).body.data.usage;
      expect(after).toEqual(usage);
    });
  });
});
