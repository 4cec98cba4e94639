import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { Test } from 'supertest';
import { Upload } from 'tus-js-client';
import { createAccount, TestAccount } from '../../factories/account.factory';
import { filesUnder } from '../../factories/file.factory';
import { createTestApp, TestApp } from '../../utils/create-test-app';
import { SmallDisk, smallDisk } from '../../utils/small-disk';
import { dbKind } from '../../utils/test-database';

const MiB = 1024 * 1024;
// A real full disk (a 2 MiB tmpfs under the local storage), where this machine may mount one.
const disk = dbKind() === 'sqlite' ? smallDisk(2 * MiB) : null;

(disk ? describe : describe.skip)('A full disk', () => {
  const d = disk as SmallDisk;
  let t: TestApp;
  let a: TestAccount;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp({
      STORAGE_LOCAL_DIR: d.dir,
      PLAN_FREE_MAX_FILE_BYTES: String(8 * MiB),
    });
    a = await createAccount(t);
    await t.app.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(t.http.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await t.close();
    d.remove();
  });

  const storageBytes = async () =>
    (await t.api().get('/api/v1/account').set(a.auth).expect(200)).body.data.usage
      .storage_bytes as number;
  const fileCount = async () =>
    (await t.api().get('/api/v1/files').set(a.auth).expect(200)).body.data.length as number;

  it('should answer 507 to an upload it has no room for, and keep nothing of it', async () => {
    const before = { bytes: await storageBytes(), files: await fileCount() };
    const res = await t
      .api()
      .post('/api/v1/file/upload')
      .set(a.auth)
      .attach('file', randomBytes(3 * MiB), 'big.bin')
      .expect(507);
    expect(res.body).toMatchObject({ success: false, error: 'insufficient_storage' });
    expect(filesUnder(d.dir)).toEqual([]);
    expect({ bytes: await storageBytes(), files: await fileCount() }).toEqual(before);
  });

  it('should answer a tus PATCH 507, keep what it wrote, and resume once there is room', async () => {
    const data = randomBytes(3 * MiB);
    const created = await t
      .api()
      .post('/api/v1/file/large-file/create')
      .set(a.auth)
      .send({ file_name: 'big.bin', file_size: data.length })
      .expect(200);
    const path = new URL(created.body.data.upload_url as string).pathname;
    const tus = (req: Test) => req.set(a.auth).set('Tus-Resumable', '1.0.0');
    const res = await tus(t.api().patch(path))
      .set('Upload-Offset', '0')
      .set('Content-Type', 'application/offset+octet-stream')
      .send(data)
      .expect(507);
    expect(JSON.parse(res.text)).toMatchObject({ error: 'insufficient_storage' });
    const kept = Number((await tus(t.api().head(path)).expect(200)).headers['upload-offset']);
    expect(kept).toBeGreaterThan(0);
    expect(kept).toBeLessThan(data.length);

    d.resize(8 * MiB);
    // A real tus client asks for the offset and sends only the rest.
    const sent = await new Promise<number>((resolve, reject) => {
      let bytes = 0;
      new Upload(data, {
        uploadUrl: `${base}${path}`,
        headers: { Authorization: `Bearer ${a.token}` },
        retryDelays: [],
        onChunkComplete: (chunk) => (bytes += chunk),
        onError: reject,
        onSuccess: () => resolve(bytes),
      }).start();
    });
    expect(sent).toBe(data.length - kept);
    const [file] = (await t.api().get('/api/v1/files').set(a.auth).expect(200)).body.data as {
      url: string;
    }[];
    const bytes = await t.api().get(new URL(file.url).pathname).buffer(true).expect(200);
    expect(Buffer.compare(bytes.body as Buffer, data)).toBe(0);
  });
});
