import { createAccount, TestAccount } from '../../factories/account.factory';
import { png } from '../../factories/file.factory';
import { createTestApp, TestApp } from '../../utils/create-test-app';
import { RAW_UPLOAD_END, rawUpload } from '../../utils/raw-upload';

const LIMIT = 256 * 1024;

describe('Upload limits and fields', () => {
  let t: TestApp;
  let a: TestAccount;

  beforeAll(async () => {
    t = await createTestApp({ PLAN_FREE_MAX_FILE_BYTES: String(LIMIT) });
    a = await createAccount(t);
    await t.app.listen(0, '127.0.0.1');
  });
  afterAll(() => t.close());

  const usage = async (): Promise<unknown> =>
    (await t.api().get('/api/v1/account').set(a.auth)).body.data.usage;

  /** A multipart body sent in chunks, without Content-Length: only the meter can stop it. */
  const chunkedUpload = (fileBytes: number) =>
    new Promise<{ status: number; body: { error?: string } }>((resolve, reject) => {
      const req = rawUpload(t, a.auth.Authorization, 'big.bin', { 'Transfer-Encoding': 'chunked' });
      req.on('response', (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(text) }));
      });
      req.on('error', reject);
      for (let sent = 0; sent < fileBytes; sent += 64 * 1024) req.write(Buffer.alloc(64 * 1024, 3));
      req.end(RAW_UPLOAD_END);
    });

  it('should stop a chunked file over the plan limit mid-stream and keep nothing', async () => {
    const before = (await t.storedFiles()).length;
    const was = await usage();
    const res = await chunkedUpload(4 * LIMIT);
    expect(res.status).toBe(413);
    expect(res.body.error).toBe('file_too_large');
    expect(await t.storedFiles()).toHaveLength(before);
    expect(await usage()).toEqual(was);
  });

  it('should refuse a declared Content-Length over the limit before reading the body', async () => {
    const res = await t
      .api()
      .post('/api/v1/file/upload')
      .set(a.auth)
      .set('Content-Type', 'multipart/form-data; boundary=XyZ')
      .set('Content-Length', String(10 * LIMIT))
      .send(Buffer.alloc(16))
      .ok(() => true);
    expect(res.status).toBe(413);
    expect(res.body.error).toBe('file_too_large');
  });

  it('should refuse an invalid custom_slug with the file and keep nothing', async () => {
    const before = (await t.storedFiles()).length;
    const res = await t
      .api()
      .post('/api/v1/file/upload')
      .set(a.auth)
      .attach('file', png(2, 2), 'p.png')
      .field('custom_slug', 'no spaces allowed')
      .expect(400);
    expect(res.body.error).toBe('validation_failed');
    expect(res.body.data.errors).toHaveProperty('custom_slug');
    await new Promise((r) => setTimeout(r, 100));
    expect(await t.storedFiles()).toHaveLength(before);
  });

  it('should ignore fields it does not know (clients send format=json) and empty ones', async () => {
    const res = await t
      .api()
      .post('/api/v1/file/upload')
      .set(a.auth)
      .field('format', 'json')
      .field('domain', '')
      .attach('file', png(2, 2), 'p.png')
      .expect(200);
    expect(res.body.data.page).toMatch(/^http:\/\/localhost:3000\//);
  });

  it('should read the fields whether they come before or after the file', async () => {
    const res = await t
      .api()
      .post('/api/v1/file/upload')
      .set(a.auth)
      .attach('file', png(2, 2), 'p.png')
      .field('custom_slug', 'after-the-file')
      .expect(200);
    expect(res.body.data.page).toBe('http://localhost:3000/after-the-file');
  });
});
