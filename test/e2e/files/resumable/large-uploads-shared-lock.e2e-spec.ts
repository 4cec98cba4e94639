import { createHash, randomBytes } from 'node:crypto';
import { ClientRequest, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Installation } from '../../../../src/database/installation';
import { RedisService } from '../../../../src/redis/redis.service';
import { SharedTusLocker, TUS_LOCKER } from '../../../../src/files/resumable/shared-tus-locker';
import { createAccount, TestAccount } from '../../../factories/account.factory';
import { createTestApp, TestApp } from '../../../utils/create-test-app';
import { startS3, TestS3 } from '../../../utils/s3-server';

const MiB = 1024 * 1024;
const redisUrl = process.env.TEST_REDIS_URL;

// Two instances on one database, one bucket and one Redis, as behind a load balancer: a tus
// upload is locked across them. Needs a real Redis: TEST_REDIS_URL.
(redisUrl ? describe : describe.skip)('Resumable uploads locked across instances', () => {
  let s3: TestS3;
  let one: TestApp;
  let two: TestApp;
  let a: TestAccount;
  let base: string;

  beforeAll(async () => {
    s3 = await startS3();
    const settings = {
      ...s3.settings,
      REDIS_URL: redisUrl!,
      PLAN_FREE_MAX_FILE_BYTES: String(32 * MiB),
    };
    one = await createTestApp(settings);
    two = await createTestApp({ ...settings, DB_URL: one.dbUrl });
    a = await createAccount(one);
    await one.app.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(one.http.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await two.close();
    await one.close();
    await s3.close();
  });

  const create = async (size: number) => {
    const res = await one
      .api()
      .post('/api/v1/file/large-file/create')
      .set(a.auth)
      .send({ file_name: 'locked.bin', file_size: size })
      .expect(200);
    const d = res.body.data as { upload_id: string; upload_url: string };
    return { uploadId: d.upload_id, path: new URL(d.upload_url).pathname };
  };
  const head = (t: TestApp, path: string) =>
    t.api().head(path).set(a.auth).set('Tus-Resumable', '1.0.0');
  const patch = (t: TestApp, path: string, offset: number, chunk: Buffer) =>
    t
      .api()
      .patch(path)
      .set(a.auth)
      .set('Tus-Resumable', '1.0.0')
      .set('Upload-Offset', String(offset))
      .set('Content-Type', 'application/offset+octet-stream')
      .send(chunk);
  /** A PATCH to instance one that sends `sent` bytes of `length` and then stalls, connected. */
  const stalledPatch = (path: string, length: number, sent: Buffer) => {
    const req: ClientRequest = request(`${base}${path}`, {
      method: 'PATCH',
      headers: {
        Authorization: `Bearer ${a.token}`,
        'Tus-Resumable': '1.0.0',
        'Upload-Offset': '0',
        'Content-Type': 'application/offset+octet-stream',
        'Content-Length': String(length),
      },
    });
    const answered = new Promise<number | undefined>((resolve) => {
      req.on('response', (res) => {
        res.resume();
        resolve(res.statusCode);
      });
      req.on('error', () => resolve(undefined));
    });
    const written = new Promise<void>((resolve) => req.write(sent, () => resolve()));
    return { req, answered, written };
  };
  const lockKey = async (uploadId: string) =>
    `linkdrop:${await one.app.get(Installation).idOf()}:tus-lock:${uploadId}`;

  it("should stop a stale PATCH on one instance when the client's retry reaches another", async () => {
    const data = randomBytes(8 * MiB);
    const s = await create(data.length);
    // The client's first PATCH stalls (a hotel network) while holding the upload on one.
    const stale = stalledPatch(s.path, data.length, data.subarray(0, 3 * MiB));
    await stale.written;
    await new Promise((r) => setTimeout(r, 300));
    // It gives up and asks instance two where to go on: two asks one to let go, one stops
    // writing and answers its stale request, and two tells the offset one kept.
    const started = Date.now();
    const offset = Number((await head(two, s.path).expect(200)).headers['upload-offset']);
    // tus lets a cancelled request drain for up to 3 s; a request never asked would hold it on.
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(offset).toBeGreaterThan(0);
    expect(offset).toBeLessThanOrEqual(3 * MiB);
    expect(await stale.answered).toBe(204);
    stale.req.destroy();
    await patch(two, s.path, offset, data.subarray(offset)).expect(204);
    const done = await two
      .api()
      .post('/api/v1/file/large-file/complete')
      .set(a.auth)
      .send({ upload_id: s.uploadId })
      .expect(200);
    const file = done.body.data.file as { url: string; size: number };
    expect(file.size).toBe(data.length);
    const bytes = await one.api().get(new URL(file.url).pathname).responseType('blob').expect(200);
    expect(
      createHash('sha256')
        .update(bytes.body as Buffer)
        .digest('hex'),
    ).toBe(createHash('sha256').update(data).digest('hex'));
    // Every lock was let go.
    expect(await one.app.get(RedisService).connection!.exists(await lockKey(s.uploadId))).toBe(0);
  });

  it('should take an upload over once the lock of an instance that died expires', async () => {
    const data = randomBytes(64 * 1024);
    const s = await create(data.length);
    // An instance died holding the upload: nobody answers the request to let go.
    const redis = one.app.get(RedisService).connection!;
    await redis.set(await lockKey(s.uploadId), 'dead-instance', 'PX', 1500);
    const started = Date.now();
    await patch(two, s.path, 0, data).expect(204);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    expect(await redis.exists(await lockKey(s.uploadId))).toBe(0);
  });

  it('should answer 423 upload_locked when the holder never lets go', async () => {
    // A third instance that waits one second instead of tus's thirty.
    const impatient = await createTestApp(
      { ...s3.settings, REDIS_URL: redisUrl!, DB_URL: one.dbUrl },
      {
        override: (b) =>
          b.overrideProvider(TUS_LOCKER).useFactory({
            factory: (redis: RedisService) => new SharedTusLocker(redis, 1000),
            inject: [RedisService],
          }),
      },
    );
    try {
      const data = randomBytes(1024);
      const s = await create(data.length);
      const redis = one.app.get(RedisService).connection!;
      await redis.set(await lockKey(s.uploadId), 'stuck-instance', 'PX', 60_000);
      const res = await patch(impatient, s.path, 0, data).expect(423);
      expect(res.body).toMatchObject({ code: 423, success: false, error: 'upload_locked' });
      // The holder's key is still its own, and nothing was written.
      expect(await redis.get(await lockKey(s.uploadId))).toBe('stuck-instance');
      await redis.del(await lockKey(s.uploadId));
      expect((await head(two, s.path).expect(200)).headers['upload-offset']).toBe('0');
    } finally {
      await impatient.close();
    }
  });

  it('should wait while another instance holds the upload, and go on once it lets go', async () => {
    const data = randomBytes(64 * 1024);
    const s = await create(data.length);
    const redis = one.app.get(RedisService).connection!;
    const key = await lockKey(s.uploadId);
    // A live holder elsewhere renews its key: a request here waits for it rather than writing.
    await redis.set(key, 'other-instance', 'PX', 60_000);
    let answered = false;
    const waiting = patch(two, s.path, 0, data).then((r) => ((answered = true), r.status));
    await new Promise((r) => setTimeout(r, 1000));
    expect(answered).toBe(false);
    expect(await redis.get(key)).toBe('other-instance');
    await redis.del(key);
    expect(await waiting).toBe(204);
  });
});
