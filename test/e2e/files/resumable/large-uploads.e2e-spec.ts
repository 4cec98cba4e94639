import { createHash, randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { Upload } from 'tus-js-client';
import { DataSource } from 'typeorm';
import { UploadEnds } from '../../../../src/files/resumable/upload-ends';
import { createAccount, TestAccount } from '../../../factories/account.factory';
import { createTestApp, TestApp } from '../../../utils/create-test-app';

const MiB = 1024 * 1024;

// Resumable uploads: S.EE's large-file calls and a real tus client (tus-js-client) over HTTP.
describe('Resumable (tus) uploads', () => {
  let t: TestApp;
  let a: TestAccount;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp({
      PLAN_FREE_MAX_FILE_BYTES: String(4 * MiB),
      PLAN_FREE_QUOTA_BYTES: String(6 * MiB),
    });
    a = await createAccount(t);
    await t.app.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(t.http.address() as AddressInfo).port}`;
  });
  afterAll(() => t.close());
  afterEach(() => t.clock.reset());

  /** The upload URL on the address this test listens at (PUBLIC_URL is localhost:3000). */
  const local = (url: string) => `${base}${new URL(url).pathname}`;
  const create = (body: object, who = a) =>
    t.api().post('/api/v1/file/large-file/create').set('Authorization', who.token).send(body);
  const progress = (uploadId: string, who = a) =>
    t.api().get(`/api/v1/file/large-file/progress?upload_id=${uploadId}`).set(who.auth);
  const storageBytes = async (who = a) =>
    (await t.api().get('/api/v1/account').set(who.auth).expect(200)).body.data.usage
      .storage_bytes as number;

  /** Sends bytes with tus-js-client: to an upload URL, or creating one at the endpoint. */
  const tusUpload = (
    data: Buffer,
    opts: { uploadUrl?: string; metadata?: Record<string, string>; who?: TestAccount },
  ) =>
    new Promise<{ url: string; sent: number }>((resolve, reject) => {
      let sent = 0;
      const upload = new Upload(data, {
        endpoint: `${base}/api/v1/file/large-file-tus`,
        uploadUrl: opts.uploadUrl,
        headers: { Authorization: `Bearer ${(opts.who ?? a).token}` },
        chunkSize: 256 * 1024,
        metadata: opts.metadata ?? {},
        retryDelays: [],
        onChunkComplete: (chunk) => (sent += chunk),
        onError: reject,
        onSuccess: () => resolve({ url: upload.url!, sent }),
      });
      upload.start();
    });

  it("should take S.EE's create, the bytes by tus, then progress and complete", async () => {
    const data = randomBytes(MiB + 123);
    const before = await storageBytes();
    const res = await create({
      file_name: 'movie.bin',
      file_size: data.length,
      alias: 'big1',
      title: 'Big',
    }).expect(200);
    expect(res.body.data).toEqual({
      id: expect.any(Number),
      upload_id: expect.stringMatching(/^[0-9a-f]{32}$/),
      upload_url: expect.stringMatching(
        /^http:\/\/localhost:3000\/api\/v1\/file\/large-file-tus\//,
      ),
      expires_at: expect.any(Number),
      file_size: data.length,
      fast_upload: false,
    });
    const { upload_id, upload_url } = res.body.data as { upload_id: string; upload_url: string };
    expect(await storageBytes()).toBe(before + data.length); // reserved at creation
    await tusUpload(data, { uploadUrl: local(upload_url) });
    const done = (await progress(upload_id).expect(200)).body.data;
    expect(done).toMatchObject({ upload_id, file_name: 'movie.bin', file_size: data.length });
    expect(done).toMatchObject({ uploaded_size: data.length, progress: 100, status: 2 });
    const complete = await t
      .api()
      .post('/api/v1/file/large-file/complete')
      .set(a.auth)
      .send({ upload_id })
      .expect(200);
    const { file, short_link } = complete.body.data;
    expect(file).toMatchObject({ filename: 'movie.bin', size: data.length, upload_status: 2 });
    expect(short_link).toBe('http://localhost:3000/big1');
    const bytes = await t
      .api()
      .get(new URL(file.url as string).pathname)
      .responseType('blob')
      .expect(200);
    expect(Buffer.compare(bytes.body as Buffer, data)).toBe(0);
    expect(await storageBytes()).toBe(before + data.length); // counted once
    const page = await t.api().get('/big1').expect(200);
    expect(page.text).toContain('movie.bin');
    const link = await t
      .api()
      .get(`/api/v1/links/${file.file_id as number}`)
      .set(a.auth)
      .expect(200);
    expect(link.body.data).toMatchObject({ title: 'Big', kind: 'file' });
  });

  it('should keep only a hash of the share password while uploading, and nothing once done', async () => {
    const data = randomBytes(1000);
    const res = await create({
      file_name: 'secret.bin',
      file_size: data.length,
      alias: 'big-secret',
      password: 'open sesame',
    }).expect(200);
    const { upload_id, upload_url } = res.body.data as { upload_id: string; upload_url: string };
    const fieldsOf = async () =>
      (
        await t.app
          .get(DataSource)
          .query<{ fields: string }[]>('SELECT fields FROM upload_sessions WHERE upload_id = ?', [
            upload_id,
          ])
      )[0].fields;
    const open = await fieldsOf();
    expect(open).not.toContain('open sesame');
    expect(JSON.parse(open)).toMatchObject({ password_hash: expect.any(String) });
    await tusUpload(data, { uploadUrl: local(upload_url) });
    await t
      .api()
      .post('/api/v1/file/large-file/complete')
      .set(a.auth)
      .send({ upload_id })
      .expect(200);
    expect(await fieldsOf()).toBe('{}');
    await t.api().get('/big-secret').expect(401);
    await t.api().get('/big-secret').set('X-Link-Password', 'open sesame').expect(200);
  });

  it('should take every field at its maximum, escaped at its longest, on both databases', async () => {
    const res = await create({
      file_name: '"'.repeat(255),
      file_size: 10,
      alias: 'a'.repeat(64),
      domain: '\u0001'.repeat(253), // six characters each in JSON
      title: '"\\'.repeat(100),
      description: '"'.repeat(1000),
      password: '\u0001'.repeat(200), // kept as its hash
      expire_at: Math.floor(Date.now() / 1000) + 3600,
      is_private: 1,
      mime_type: '"'.repeat(127),
    });
    expect(res.status).toBe(200);
    // Control characters in a title (six characters each in JSON) are refused everywhere.
    const title = await create({ file_name: 'x', file_size: 1, title: '\u0001'.repeat(200) });
    expect([title.status, title.body.error]).toEqual([400, 'validation_failed']);
    await t
      .api()
      .delete('/api/v1/file/large-file/cancel')
      .set(a.auth)
      .send({ upload_id: res.body.data.upload_id })
      .expect(200);
  });

  it('should let a plain tus client create the upload itself and make the file on the last byte', async () => {
    const data = randomBytes(300 * 1024);
    const uploadsToday = async () =>
      (await t.api().get('/api/v1/usage').set(a.auth).expect(200)).body.data
        .upload_count_day as number;
    const before = await uploadsToday();
    const { url } = await tusUpload(data, {
      metadata: { filename: 'plain.txt', alias: 'tus-plain' },
    });
    expect(url).toMatch(new RegExp(`^${base}/api/v1/file/large-file-tus/[0-9a-f]{32}$`));
    const files = await t.api().get('/api/v1/files').set(a.auth).expect(200);
    const made = (files.body.data as { filename: string; page: string; size: number }[]).find(
      (f) => f.filename === 'plain.txt',
    );
    expect(made).toMatchObject({ size: data.length, page: 'http://localhost:3000/tus-plain' });
    expect(await uploadsToday()).toBe(before + 1);
    // In the audit log as a tus client's upload, by the token.
    const log = await t.api().get('/api/v1/audit-log?action=file.uploaded').set(a.auth).expect(200);
    expect(log.body.data[0]).toMatchObject({ client: 'tus', actor: { type: 'token' } });
  });

  it('should resume where HEAD says, sending only the rest', async () => {
    const data = randomBytes(MiB);
    const res = await create({ file_name: 'resume.bin', file_size: data.length }).expect(200);
    const { upload_id, upload_url } = res.body.data as { upload_id: string; upload_url: string };
    const path = new URL(upload_url).pathname;
    // A first connection sends half, then the network goes.
    await t
      .api()
      .patch(path)
      .set(a.auth)
      .set('Tus-Resumable', '1.0.0')
      .set('Upload-Offset', '0')
      .set('Content-Type', 'application/offset+octet-stream')
      .send(data.subarray(0, MiB / 2))
      .expect(204);
    const head = await t.api().head(path).set(a.auth).set('Tus-Resumable', '1.0.0').expect(200);
    expect(head.headers['upload-offset']).toBe(String(MiB / 2));
    expect((await progress(upload_id).expect(200)).body.data).toMatchObject({
      progress: 50,
      status: 1,
    });
    const { sent } = await tusUpload(data, { uploadUrl: local(upload_url) });
    expect(sent).toBe(MiB / 2);
    const complete = await t
      .api()
      .post('/api/v1/file/large-file/complete')
      .set(a.auth)
      .send({ upload_id })
      .expect(200);
    const bytes = await t
      .api()
      .get(new URL(complete.body.data.file.url as string).pathname)
      .responseType('blob');
    expect(Buffer.compare(bytes.body as Buffer, data)).toBe(0);
  });

  it('should refuse an upload over the plan limit or the quota before any byte', async () => {
    const b = await createAccount(t);
    const tooBig = await create({ file_name: 'x', file_size: 4 * MiB + 1 }, b).expect(413);
    expect(tooBig.body.error).toBe('file_too_large');
    const tusTooBig = await t
      .api()
      .post('/api/v1/file/large-file-tus')
      .set(b.auth)
      .set('Tus-Resumable', '1.0.0')
      .set('Upload-Length', String(4 * MiB + 1));
    expect(tusTooBig.status).toBe(413);
    // Two sessions against a 6 MiB quota: the second would pass it.
    const first = await create({ file_name: 'a', file_size: 4 * MiB }, b).expect(200);
    expect((await create({ file_name: 'b', file_size: 3 * MiB }, b).expect(413)).body.error).toBe(
      'quota_exceeded',
    );
    await t
      .api()
      .delete('/api/v1/file/large-file/cancel')
      .set(b.auth)
      .send({ upload_id: first.body.data.upload_id })
      .expect(200);
    expect(await storageBytes(b)).toBe(0);
    await create({ file_name: 'b', file_size: 3 * MiB }, b).expect(200);
  });

  it('should cancel, by S.EE call or tus DELETE, freeing the bytes', async () => {
    const b = await createAccount(t);
    const one = (await create({ file_name: 'c', file_size: 1000 }, b).expect(200)).body.data;
    const cancel = await t
      .api()
      .delete('/api/v1/file/large-file/cancel')
      .set(b.auth)
      .send({ upload_id: one.upload_id })
      .expect(200);
    expect(cancel.body.data).toEqual({ upload_id: one.upload_id, cancelled: true });
    expect((await progress(one.upload_id, b).expect(200)).body.data.status).toBe(4);
    await t
      .api()
      .head(new URL(one.upload_url as string).pathname)
      .set(b.auth)
      .set('Tus-Resumable', '1.0.0')
      .expect(404);
    const two = (await create({ file_name: 'd', file_size: 1000 }, b).expect(200)).body.data;
    await t
      .api()
      .delete(new URL(two.upload_url as string).pathname)
      .set(b.auth)
      .set('Tus-Resumable', '1.0.0')
      .expect(204);
    expect(await storageBytes(b)).toBe(0);
    await t
      .api()
      .delete('/api/v1/file/large-file/cancel')
      .set(b.auth)
      .send({ upload_id: two.upload_id })
      .expect(409);
  });

  it('should end uploads that were not finished in time', async () => {
    const b = await createAccount(t);
    const s = (await create({ file_name: 'late', file_size: 2000 }, b).expect(200)).body.data;
    expect(s.expires_at - t.clock.now() / 1000).toBeGreaterThan(24 * 3600 - 60);
    t.clock.advance(25 * 3600_000);
    expect(await t.app.get(UploadEnds).sweepExpired()).toBeGreaterThanOrEqual(1);
    expect((await progress(s.upload_id, b).expect(200)).body.data.status).toBe(3);
    expect(await storageBytes(b)).toBe(0);
  });

  it("should answer another account's upload as if it did not exist, and refuse early completion", async () => {
    const s = (await create({ file_name: 'mine', file_size: 5000 }).expect(200)).body.data;
    const b = await createAccount(t);
    await progress(s.upload_id, b).expect(404);
    const path = new URL(s.upload_url as string).pathname;
    await t.api().head(path).set(b.auth).set('Tus-Resumable', '1.0.0').expect(404);
    await t
      .api()
      .patch(path)
      .set(b.auth)
      .set('Tus-Resumable', '1.0.0')
      .set('Upload-Offset', '0')
      .set('Content-Type', 'application/offset+octet-stream')
      .send(Buffer.alloc(10))
      .expect(404);
    await t
      .api()
      .post('/api/v1/file/large-file/complete')
      .set(b.auth)
      .send({ upload_id: s.upload_id })
      .expect(404);
    await t
      .api()
      .delete('/api/v1/file/large-file/cancel')
      .set(b.auth)
      .send({ upload_id: s.upload_id })
      .expect(404);
    const early = await t
      .api()
      .post('/api/v1/file/large-file/complete')
      .set(a.auth)
      .send({ upload_id: s.upload_id })
      .expect(400);
    expect(early.body.message).toMatch(/0 of 5000 bytes/);
    expect((await create({ file_size: 10 }).expect(400)).body.error).toBe('validation_failed');
    await progress('nothex').expect(400);
  });

  it('should refuse a chunk whose sha256 checksum does not match, keeping the offset', async () => {
    const data = randomBytes(4096);
    const s = (await create({ file_name: 'sum.bin', file_size: data.length }).expect(200)).body
      .data;
    const path = new URL(s.upload_url as string).pathname;
    const patch = (chunk: Buffer, offset: number, checksum?: string) => {
      const req = t
        .api()
        .patch(path)
        .set(a.auth)
        .set('Tus-Resumable', '1.0.0')
        .set('Upload-Offset', String(offset))
        .set('Content-Type', 'application/offset+octet-stream');
      return (checksum ? req.set('Upload-Checksum', checksum) : req).send(chunk);
    };
    const sum = (b: Buffer) => `sha256 ${createHash('sha256').update(b).digest('base64')}`;
    const first = data.subarray(0, 1024);
    const wrong = await patch(first, 0, sum(Buffer.from('something else')));
    expect(wrong.status).toBe(460);
    expect(wrong.body).toMatchObject({ code: 460, error: 'checksum_mismatch' });
    const head = await t.api().head(path).set(a.auth).set('Tus-Resumable', '1.0.0').expect(200);
    expect(head.headers['upload-offset']).toBe('0');
    await patch(first, 0, 'md5 1B2M2Y8AsgTpgAmY7PhCfg==').expect(400);
    await patch(first, 0, sum(first)).expect(204);
    await patch(data.subarray(1024), 1024, sum(data.subarray(1024))).expect(204);
    expect((await progress(s.upload_id).expect(200)).body.data.status).toBe(2);
    const options = await t.api().options('/api/v1/file/large-file-tus').expect(204);
    expect(options.headers['tus-extension']).toContain('checksum');
    expect(options.headers['tus-checksum-algorithm']).toBe('sha256');
    // A browser's preflight (Uppy, tus-js-client in a page) may send and read tus headers.
    const preflight = await t
      .api()
      .options(new URL(s.upload_url as string).pathname)
      .set('Origin', 'https://app.example')
      .set('Access-Control-Request-Method', 'PATCH')
      .set('Access-Control-Request-Headers', 'authorization,tus-resumable,upload-offset');
    expect(preflight.headers['access-control-allow-headers']).toMatch(/Upload-Offset/);
    expect(preflight.headers['access-control-expose-headers']).toMatch(/Location.*Upload-Offset/);
  });

  it('should make a file at once from a known file_hash, keeping one copy of the bytes', async () => {
    const b = await createAccount(t);
    const data = randomBytes(3000);
    const sha = createHash('sha256').update(data).digest('hex');
    const first = await t
      .api()
      .post('/api/v1/file/upload')
      .set(b.auth)
      .attach('file', data, 'orig.bin')
      .expect(200);
    const stored = (await t.storedFiles()).filter((f) => !f.includes('.tus')).length;
    const res = await create(
      { file_name: 'again.bin', file_size: data.length, file_hash: sha },
      b,
    ).expect(200);
    const created = res.body.data;
    expect(created).toMatchObject({ fast_upload: true, upload_url: '', file_size: data.length });
    expect(created.existing_file).toMatchObject({ filename: 'again.bin', size: data.length });
    expect(created.existing_file.path).not.toBe(first.body.data.path);
    expect((await t.storedFiles()).filter((f) => !f.includes('.tus'))).toHaveLength(stored);
    expect(await storageBytes(b)).toBe(2 * data.length); // counted as uploaded
    expect((await progress(created.upload_id as string, b).expect(200)).body.data.status).toBe(2);
    const done = await t
      .api()
      .post('/api/v1/file/large-file/complete')
      .set(b.auth)
      .send({ upload_id: created.upload_id })
      .expect(200);
    expect(done.body.data.file.file_id).toBe(created.existing_file.file_id);
    // The first record goes; the bytes stay for the second, and go with it.
    await t
      .api()
      .get(`/api/v1/file/delete/${first.body.data.hash as string}`)
      .expect(200);
    const bytes = await t
      .api()
      .get(new URL(created.existing_file.url as string).pathname)
      .responseType('blob')
      .expect(200);
    expect(Buffer.compare(bytes.body as Buffer, data)).toBe(0);
    await t
      .api()
      .get(`/api/v1/file/delete/${created.existing_file.hash as string}`)
      .expect(200);
    expect((await t.storedFiles()).filter((f) => !f.includes('.tus'))).toHaveLength(stored - 1);
    expect(await storageBytes(b)).toBe(0);
    // Unknown bytes: a normal upload session.
    const other = createHash('sha256').update('other').digest('hex');
    const normal = await create({ file_name: 'n', file_size: 10, file_hash: other }, b).expect(200);
    expect(normal.body.data.fast_upload).toBe(false);
  });
});
