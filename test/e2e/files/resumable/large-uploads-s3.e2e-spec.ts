import { createHash, randomBytes } from 'node:crypto';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Upload } from 'tus-js-client';
import { createAccount, TestAccount } from '../../../factories/account.factory';
import { createTestApp, TestApp } from '../../../utils/create-test-app';
import { startS3, TestS3 } from '../../../utils/s3-server';

const MiB = 1024 * 1024;

// Resumable uploads written straight into a real S3-protocol server (s3rver) by the tus S3 store.
describe('Resumable uploads on the S3 driver', () => {
  let s3: TestS3;
  let t: TestApp;
  let a: TestAccount;
  let base: string;
  const keys = () => s3.keys();
  const settings = () => ({ ...s3.settings, PLAN_FREE_MAX_FILE_BYTES: String(32 * MiB) });

  beforeAll(async () => {
    s3 = await startS3();
    t = await createTestApp(settings());
    a = await createAccount(t);
    await t.app.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(t.http.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await t.close();
    await s3.close();
  });

  const create = (body: object) =>
    t.api().post('/api/v1/file/large-file/create').set(a.auth).send(body).expect(200);
  const complete = (uploadId: string) =>
    t.api().post('/api/v1/file/large-file/complete').set(a.auth).send({ upload_id: uploadId });
  const offsetOf = async (path: string) =>
    (await t.api().head(path).set(a.auth).set('Tus-Resumable', '1.0.0').expect(200)).headers[
      'upload-offset'
    ];
  const served = async (url: string) =>
    (await t.api().get(new URL(url).pathname).responseType('blob').expect(200)).body as Buffer;
  /** One PATCH over a raw connection; with `cutAfter`, the connection goes after that many bytes. */
  const patch = (path: string, offset: number, chunk: Buffer, cutAfter?: number) =>
    new Promise<number | undefined>((resolve, reject) => {
      const req = request(`${base}${path}`, {
        method: 'PATCH',
        headers: {
          Authorization: `Bearer ${a.token}`,
          'Tus-Resumable': '1.0.0',
          'Upload-Offset': String(offset),
          'Content-Type': 'application/offset+octet-stream',
          'Content-Length': String(chunk.length),
        },
      });
      req.on('response', (res) => {
        res.resume();
        resolve(res.statusCode);
      });
      if (cutAfter === undefined) {
        req.on('error', reject);
        req.end(chunk);
        return;
      }
      req.on('error', () => resolve(undefined));
      req.write(chunk.subarray(0, cutAfter), () => setTimeout(() => req.destroy(), 300));
    });

  it('should write a tus upload into the bucket in the date layout, in parts', async () => {
    const data = randomBytes(12 * MiB + 77);
    const before = await keys();
    const url = await new Promise<string>((resolve, reject) => {
      const upload = new Upload(data, {
        endpoint: `${base}/api/v1/file/large-file-tus`,
        headers: { Authorization: `Bearer ${a.token}` },
        chunkSize: 5 * MiB,
        metadata: { filename: 'big.bin', title: 'On S3' },
        retryDelays: [],
        onError: reject,
        onSuccess: () => resolve(upload.url!),
      });
      upload.start();
    });
    const uploadId = url.slice(url.lastIndexOf('/') + 1);
    const done = (await complete(uploadId).expect(200)).body.data;
    expect(done.file).toMatchObject({ filename: 'big.bin', size: data.length });
    expect(Buffer.compare(await served(done.file.url as string), data)).toBe(0);
    // One object, in the date layout, named by the upload; nothing of the upload's staging left.
    const added = (await keys()).filter((k) => !before.includes(k));
    const day = new Date().toISOString().slice(0, 10).replace(/-/g, '/');
    expect(added).toEqual([`${day}/${uploadId.slice(8, 20)}/${uploadId}`]);
    // The SHA-256 hashed on arrival is the file's: a fast upload of the same bytes finds them.
    const sha = createHash('sha256').update(data).digest('hex');
    const again = await create({ file_name: 'again.bin', file_size: data.length, file_hash: sha });
    expect(again.body.data.fast_upload).toBe(true);
    expect((await keys()).filter((k) => !before.includes(k))).toHaveLength(1);
  });

  it('should resume after a cut connection from the offset HEAD reports', async () => {
    const data = randomBytes(11 * MiB);
    const s = (await create({ file_name: 'resume.bin', file_size: data.length })).body.data;
    const path = new URL(s.upload_url as string).pathname;
    expect(await patch(path, 0, data.subarray(0, 6 * MiB))).toBe(204);
    expect(await offsetOf(path)).toBe(String(6 * MiB));
    // The next chunk is cut after 3 MiB: what arrived is kept (a part below S3's minimum waits
    // as an incomplete part), and HEAD says where to go on.
    await patch(path, 6 * MiB, data.subarray(6 * MiB), 3 * MiB);
    const resumeAt = Number(await offsetOf(path));
    expect(resumeAt).toBeGreaterThanOrEqual(6 * MiB);
    expect(resumeAt).toBeLessThanOrEqual(9 * MiB);
    expect(await patch(path, resumeAt, data.subarray(resumeAt))).toBe(204);
    const done = (await complete(s.upload_id as string).expect(200)).body.data;
    expect(Buffer.compare(await served(done.file.url as string), data)).toBe(0);
    // Hashed again from the bucket after the gap: still the file's SHA-256.
    const sha = createHash('sha256').update(data).digest('hex');
    const again = await create({ file_name: 'again.bin', file_size: data.length, file_hash: sha });
    expect(again.body.data.fast_upload).toBe(true);
  });

  it('should let another instance take the next chunk and finish the file', async () => {
    // A second instance on the same database and bucket, as behind a load balancer.
    const two = await createTestApp({ ...settings(), DB_URL: t.dbUrl });
    try {
      const data = randomBytes(8 * MiB + 5);
      const s = (await create({ file_name: 'split.bin', file_size: data.length })).body.data;
      const path = new URL(s.upload_url as string).pathname;
      expect(await patch(path, 0, data.subarray(0, 5 * MiB))).toBe(204);
      const head = await two.api().head(path).set(a.auth).set('Tus-Resumable', '1.0.0');
      expect(head.headers['upload-offset']).toBe(String(5 * MiB));
      await two
        .api()
        .patch(path)
        .set(a.auth)
        .set('Tus-Resumable', '1.0.0')
        .set('Upload-Offset', String(5 * MiB))
        .set('Content-Type', 'application/offset+octet-stream')
        .send(data.subarray(5 * MiB))
        .expect(204);
      const done = (await complete(s.upload_id as string).expect(200)).body.data;
      expect(Buffer.compare(await served(done.file.url as string), data)).toBe(0);
      // Instance two saw only the end of the bytes: it hashed the whole file from the bucket.
      const sha = createHash('sha256').update(data).digest('hex');
      const again = await create({ file_name: 'x.bin', file_size: data.length, file_hash: sha });
      expect(again.body.data.fast_upload).toBe(true);
    } finally {
      await two.close();
    }
  });

  it('should refuse a chunk with a wrong checksum before any of it reaches the bucket', async () => {
    const data = randomBytes(4096);
    const s = (await create({ file_name: 'sum.bin', file_size: data.length })).body.data;
    const path = new URL(s.upload_url as string).pathname;
    const before = await keys();
    const sum = (b: Buffer) => `sha256 ${createHash('sha256').update(b).digest('base64')}`;
    const send = (checksum: string) =>
      t
        .api()
        .patch(path)
        .set(a.auth)
        .set('Tus-Resumable', '1.0.0')
        .set('Upload-Offset', '0')
        .set('Upload-Checksum', checksum)
        .set('Content-Type', 'application/offset+octet-stream')
        .send(data);
    const wrong = await send(sum(Buffer.from('other')));
    expect(wrong.status).toBe(460);
    expect(wrong.body.error).toBe('checksum_mismatch');
    expect(await offsetOf(path)).toBe('0');
    expect(await keys()).toEqual(before);
    await send(sum(data)).expect(204);
    const done = (await complete(s.upload_id as string).expect(200)).body.data;
    expect(await served(done.file.url as string)).toEqual(data);
  });

  it('should leave nothing in the bucket when an upload is cancelled', async () => {
    const before = await keys();
    const data = randomBytes(7 * MiB);
    const s = (await create({ file_name: 'gone.bin', file_size: data.length })).body.data;
    const path = new URL(s.upload_url as string).pathname;
    expect(await patch(path, 0, data.subarray(0, 6 * MiB))).toBe(204);
    expect((await keys()).length).toBeGreaterThan(before.length);
    await t
      .api()
      .delete('/api/v1/file/large-file/cancel')
      .set(a.auth)
      .send({ upload_id: s.upload_id })
      .expect(200);
    expect(await keys()).toEqual(before);
  });

  it('should keep one object for a resumable upload of bytes stored already', async () => {
    const data = randomBytes(9000);
    const first = await t
      .api()
      .post('/api/v1/file/upload')
      .set(a.auth)
      .attach('file', data, 'first.bin')
      .expect(200);
    const before = await keys();
    const s = (await create({ file_name: 'twin.bin', file_size: data.length })).body.data;
    expect(await patch(new URL(s.upload_url as string).pathname, 0, data)).toBe(204);
    const done = (await complete(s.upload_id as string).expect(200)).body.data;
    expect(await keys()).toEqual(before);
    await t
      .api()
      .delete(`/api/v1/file/delete/${first.body.data.hash as string}`)
      .expect(200);
    expect(await served(done.file.url as string)).toEqual(data);
  });
});
