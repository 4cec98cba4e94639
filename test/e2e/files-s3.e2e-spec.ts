import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { createAccount, TestAccount } from '../factories/account.factory';
import { png } from '../factories/file.factory';
import { createTestApp, TestApp } from '../utils/create-test-app';

// A real S3-protocol server on loopback (s3rver), spoken to by the AWS SDK: no mocks.
describe('Files on the S3 driver', () => {
  let s3: S3rver;
  let endpoint: string;
  let t: TestApp;
  let a: TestAccount;
  const client = () =>
    new S3Client({
      endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
  const keys = async () =>
    ((await client().send(new ListObjectsV2Command({ Bucket: 'linkdrop' }))).Contents ?? []).map(
      (o) => o.Key,
    );

  beforeAll(async () => {
    s3 = new S3rver({
      port: 0,
      address: '127.0.0.1',
      silent: true,
      directory: mkdtempSync(join(tmpdir(), 'linkdrop-s3-')),
      configureBuckets: [{ name: 'linkdrop', configs: [] }],
    });
    const { port } = await s3.run();
    endpoint = `http://127.0.0.1:${port}`;
    t = await createTestApp({
      STORAGE_DRIVER: 's3',
      STORAGE_S3_ENDPOINT: endpoint,
      STORAGE_S3_BUCKET: 'linkdrop',
      STORAGE_S3_ACCESS_KEY_ID: 'S3RVER',
      STORAGE_S3_SECRET_ACCESS_KEY: 'S3RVER',
      PLAN_FREE_MAX_FILE_BYTES: String(12 * 1024 * 1024),
    });
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
    expect(await keys()).toEqual([data.path.slice(1)]);
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
});
