import { Thumbnails } from '../../../src/files/media/thumbnails';
import { createAccount, TestAccount } from '../../factories/account.factory';
import { png } from '../../factories/file.factory';
import { createTestApp, TestApp } from '../../utils/create-test-app';
import { startS3, TestS3 } from '../../utils/s3-server';

// A real S3-protocol server on loopback (s3rver), spoken to by the AWS SDK: no mocks.
describe('Files on the S3 driver', () => {
  let s3: TestS3;
  let t: TestApp;
  let a: TestAccount;
  const keys = () => s3.keys();

  beforeAll(async () => {
    s3 = await startS3();
    t = await createTestApp({ ...s3.settings, PLAN_FREE_MAX_FILE_BYTES: String(12 * 1024 * 1024) });
    a = await createAccount(t);
  });
  afterAll(async () => {
    await t.close();
    await s3.close();
  });

  it('should report the bucket in readiness', async () => {
    const res = await t.api().get('/health/ready').expect(200);
    expect(res.body.data.checks.storage).toBe('up');
  });

  it('should store, serve with ranges, and delete through the S3 protocol', async () => {
    const body = png(20, 10);
    const res = await t
      .api()
      .post('/api/v1/file/upload')
      .set(a.auth)
      .attach('smfile', body, 'a.png')
      .expect(200);
    const { data } = res.body;
    expect(data).toMatchObject({ width: 20, height: 10, size: body.length });
    // The thumbnails are made beside the bytes, in the bucket too.
    await t.app.get(Thumbnails).idle();
    const key = data.path.slice(1);
    expect(await keys()).toEqual([key, `${key}.1280.webp`, `${key}.320.webp`].sort());
    const full = await t.api().get(`/u${data.path}`).expect(200);
    expect(Buffer.compare(full.body as Buffer, body)).toBe(0);
    const part = await t.api().get(`/u${data.path}`).set('Range', 'bytes=0-7').expect(206);
    expect(Buffer.compare(part.body as Buffer, body.subarray(0, 8))).toBe(0);
    await t.api().delete(`/api/v1/file/delete/${data.hash}`).expect(200);
    expect(await keys()).toEqual([]);
  });

  it('should stream a file of several multipart parts', async () => {
    const body = Buffer.alloc(9 * 1024 * 1024 + 123);
    for (let i = 0; i < body.length; i += 4096) body.writeUInt32LE(i, i);
    const res = await t
      .api()
      .post('/api/v1/file/upload')
      .set(a.auth)
      .attach('file', body, 'big.bin')
      .expect(200);
    const got = await t.api().get(`/u${res.body.data.path}`).expect(200);
    expect(Buffer.compare(got.body as Buffer, body)).toBe(0);
    await t.api().delete(`/api/v1/file/delete/${res.body.data.hash}`).expect(200);
  });

  it('should leave no object behind when a file goes over the limit mid-stream', async () => {
    const res = await t
      .api()
      .post('/api/v1/file/upload')
      .set(a.auth)
      .attach('file', Buffer.alloc(13 * 1024 * 1024, 3), 'huge.bin')
      .expect(413);
    expect(res.body.error).toBe('file_too_large');
    expect(await keys()).toEqual([]);
    await t
      .api()
      .post('/api/v1/file/upload')
      .set(a.auth)
      .attach('file', Buffer.alloc(0), 'e.bin')
      .expect(400);
    expect(await keys()).toEqual([]);
  });

  it('should hand out a presigned bucket URL for a private file, the same one for a while', async () => {
    const body = png(5, 5);
    const res = await t
      .api()
      .post('/api/v1/file/upload')
      .set(a.auth)
      .field('is_private', '1')
      .attach('file', body, 'secret.png')
      .expect(200);
    const { file_id, path } = res.body.data as { file_id: number; path: string };
    await t.api().get(`/u${path}`).expect(404);
    const ask = () =>
      t.api().get(`/api/v1/file/private/download-url?file_id=${file_id}`).set(a.auth).expect(200);
    const { data } = (await ask()).body as { data: { url: string; expires_at: number } };
    expect(
      data.url.startsWith(`${s3.settings.STORAGE_S3_ENDPOINT}/linkdrop/${path.slice(1)}?`),
    ).toBe(true);
    expect(data.url).toContain('X-Amz-Signature=');
    expect((await ask()).body.data).toEqual({ file_id, ...data });
    // The bucket itself checks the signature and serves the bytes.
    const got = await fetch(data.url);
    expect(got.status).toBe(200);
    expect(Buffer.compare(Buffer.from(await got.arrayBuffer()), body)).toBe(0);
    // s3rver does not check V4 signatures; what AWS checks is there, signed with our key.
    const q = new URL(data.url).searchParams;
    expect(q.get('X-Amz-Algorithm')).toBe('AWS4-HMAC-SHA256');
    expect(q.get('X-Amz-Credential')).toMatch(/^S3RVER\/\d{8}\/us-east-1\/s3\/aws4_request$/);
    expect(q.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    const expiresIn = Number(q.get('X-Amz-Expires'));
    expect(expiresIn).toBe(4200);
    const signedAt = Date.parse(
      q
        .get('X-Amz-Date')!
        .replace(/^(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)(\d\d)Z$/, '$1-$2-$3T$4:$5:$6Z'),
    );
    expect(signedAt / 1000 + expiresIn).toBe(data.expires_at);
  });
});
