import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createAccount, TestAccount } from '../../factories/account.factory';
import { png } from '../../factories/file.factory';
import { createTestApp, TestApp } from '../../utils/create-test-app';
import { HOST } from '../../utils/requests';

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** The files of a zip, by name, as `unzip` (Info-ZIP) reads them. */
function unzip(zip: Buffer): Record<string, string> {
  const dir = mkdtempSync(join(tmpdir(), 'linkdrop-unzip-'));
  try {
    writeFileSync(join(dir, 'a.zip'), zip);
    execFileSync('unzip', ['-q', join(dir, 'a.zip'), '-d', join(dir, 'out')]);
    const out = join(dir, 'out');
    return Object.fromEntries(readdirSync(out).map((n) => [n, sha(readFileSync(join(out, n)))]));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('Bundles: several files under one address', () => {
  let t: TestApp;
  let a: TestAccount;
  let b: TestAccount;
  beforeAll(async () => {
    t = await createTestApp();
    a = await createAccount(t);
    b = await createAccount(t);
  });
  afterAll(() => t.close());

  const upload = async (bytes: Buffer, name: string, who = a) =>
    (
      await t
        .api()
        .post('/api/v1/file/upload')
        .set(who.auth)
        .attach('file', bytes, name)
        .expect(200)
    ).body.data as { file_id: number; url: string; path: string };
  const create = (body: object, who = a) =>
    t.api().post('/api/v1/bundles').set(who.auth).send(body);
  const visit = (url: string) => t.api().get(new URL(url).pathname).set('Host', HOST);

  it('should make, list, show and zip a bundle of files given by id', async () => {
    const one = randomBytes(3000);
    const two = png(40, 30);
    const f1 = await upload(one, 'notes.bin');
    const f2 = await upload(two, 'photo.png');
    const three = randomBytes(10);
    const f3 = await upload(three, 'notes.bin');
    const res = await create({
      title: 'Holiday',
      file_ids: [f2.file_id, f1.file_id, f3.file_id],
      custom_slug: 'holiday-files',
    }).expect(201);
    const d = res.body.data;
    expect(Object.keys(d).sort()).toEqual(
      ['created_at', 'files', 'id', 'short_url', 'slug', 'title', 'unfurl'].sort(),
    );
    expect(d).toMatchObject({ slug: 'holiday-files', title: 'Holiday', unfurl: true });
    expect(d.short_url).toBe('http://localhost:3000/holiday-files');
    expect(d.files.map((f: { file_id: number }) => f.file_id)).toEqual([
      f2.file_id,
      f1.file_id,
      f3.file_id,
    ]);
    const listed = await t.api().get('/api/v1/bundles?page=1').set(a.auth).expect(200);
    expect(listed.body.data.map((x: { id: number }) => x.id)).toContain(d.id);
    await t.api().get(`/api/v1/bundles/${d.id}`).set(a.auth).expect(200);
    // Another account's bundle is not there; nor are its files for another's bundle.
    await t.api().get(`/api/v1/bundles/${d.id}`).set(b.auth).expect(404);
    await create({ file_ids: [f1.file_id] }, b).expect(404);
    // A file is in one bundle at most.
    expect((await create({ file_ids: [f1.file_id] }).expect(409)).body.error).toBe('conflict');

    const page = await visit(d.short_url).expect(200);
    expect(page.text).toContain('<h1>Holiday</h1>');
    expect(page.text).toContain('photo.png');
    expect(page.text).toContain('href="/holiday-files/zip"');
    const zip = await visit(`${d.short_url}/zip`).responseType('blob').expect(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    expect(zip.headers['content-disposition']).toContain('Holiday.zip');
    expect(unzip(zip.body as Buffer)).toEqual({
      'photo.png': sha(two),
      'notes.bin': sha(one),
      'notes (2).bin': sha(three),
    });
  });

  it('should add files by upload and by id (POST /api/v1/bundles/:id/files), take one out, and refuse bad input', async () => {
    const d = (await create({}).expect(201)).body.data;
    const up = await t
      .api()
      .post(`/api/v1/bundles/${d.id}/files`)
      .set(a.auth)
      .attach('file', png(5, 5), 'added.png')
      .expect(201);
    expect(up.body.data.files.map((f: { filename: string }) => f.filename)).toEqual(['added.png']);
    const f = await upload(randomBytes(100), 'later.bin');
    const byId = await t
      .api()
      .post(`/api/v1/bundles/${d.id}/files`)
      .set(a.auth)
      .send({ file_ids: [f.file_id] })
      .expect(201);
    expect(byId.body.data.files).toHaveLength(2);
    const out = await t
      .api()
      .delete(`/api/v1/bundles/${d.id}/files/${f.file_id}`)
      .set(a.auth)
      .expect(200);
    expect(out.body.data.files).toHaveLength(1);
    await visit(f.url).expect(200); // taken out, the file stays
    await t.api().delete(`/api/v1/bundles/${d.id}/files/${f.file_id}`).set(a.auth).expect(404);
    const bad = await t
      .api()
      .post(`/api/v1/bundles/${d.id}/files`)
      .set(a.auth)
      .send({ file_ids: ['x'] });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('validation_failed');
    // Uploaded into someone else's bundle: refused, and nothing of the upload is left.
    const before = await t.storedFiles();
    await t
      .api()
      .post(`/api/v1/bundles/${d.id}/files`)
      .set(b.auth)
      .attach('file', randomBytes(50), 'x.bin')
      .expect(404);
    expect(await t.storedFiles()).toEqual(before);
    await visit(`${d.short_url}/raw`).expect(404);
  });

  it('should ask for the password, and end at its expiry, as every share does', async () => {
    const f = await upload(randomBytes(64), 'secret.bin');
    const d = (
      await create({
        file_ids: [f.file_id],
        password: 'sesame',
        expire_at: Math.floor(Date.now() / 1000) + 3600,
      }).expect(201)
    ).body.data;
    expect((await visit(d.short_url).expect(401)).text).toContain('These files are protected');
    await visit(`${d.short_url}/zip`).expect(401);
    const zip = await visit(`${d.short_url}/zip`)
      .set('X-Link-Password', 'sesame')
      .responseType('blob')
      .expect(200);
    expect(Object.keys(unzip(zip.body as Buffer))).toEqual(['secret.bin']);
    t.clock.advance(2 * 3600 * 1000);
    try {
      expect((await visit(d.short_url).expect(410)).text).toContain('These files have expired');
    } finally {
      t.clock.reset();
    }
    // Private: the page and the zip answer 404 to everyone.
    await t
      .api()
      .patch(`/api/v1/bundles/${d.id}`)
      .set(a.auth)
      .send({ is_private: true })
      .expect(200);
    await visit(d.short_url).set('X-Link-Password', 'sesame').expect(404);
  });

  it("should delete a bundle with its files' bytes, keeping bytes another record shares", async () => {
    const shared = randomBytes(2048);
    const inBundle = await upload(shared, 'shared.bin');
    const alone = await upload(shared, 'elsewhere.bin');
    const own = await upload(randomBytes(4096), 'own.bin');
    const d = (await create({ file_ids: [inBundle.file_id, own.file_id] }).expect(201)).body.data;
    const before = await t.storedFiles();
    await t.api().delete(`/api/v1/bundles/${d.id}`).set(a.auth).expect(200);
    await new Promise((r) => setTimeout(r, 50)); // bytes go after the commit
    await visit(d.short_url).expect(404);
    await visit(inBundle.url).expect(404);
    await visit(own.url).expect(404);
    expect((await visit(alone.url).responseType('blob').expect(200)).body).toEqual(shared);
    expect((await t.storedFiles()).length).toBe(before.length - 1);
  });

  it('should let a resumable upload (tus) and a fast upload join a bundle', async () => {
    const d = (await create({ title: 'Big ones' }).expect(201)).body.data;
    const data = randomBytes(5000);
    const created = await t
      .api()
      .post('/api/v1/file/large-file/create')
      .set(a.auth)
      .send({ file_name: 'movie.bin', file_size: data.length, bundle_id: d.id })
      .expect(200);
    const { upload_id, upload_url } = created.body.data as {
      upload_id: string;
      upload_url: string;
    };
    await t
      .api()
      .patch(new URL(upload_url).pathname)
      .set(a.auth)
      .set('Tus-Resumable', '1.0.0')
      .set('Upload-Offset', '0')
      .set('Content-Type', 'application/offset+octet-stream')
      .send(data)
      .expect(204);
    await t
      .api()
      .post('/api/v1/file/large-file/complete')
      .set(a.auth)
      .send({ upload_id })
      .expect(200);
    const again = await t
      .api()
      .post('/api/v1/file/large-file/create')
      .set(a.auth)
      .send({
        file_name: 'copy.bin',
        file_size: data.length,
        file_hash: sha(data),
        bundle_id: d.id,
      })
      .expect(200);
    expect(again.body.data.fast_upload).toBe(true);
    const got = (await t.api().get(`/api/v1/bundles/${d.id}`).set(a.auth).expect(200)).body.data;
    expect(got.files.map((f: { filename: string }) => f.filename)).toEqual([
      'movie.bin',
      'copy.bin',
    ]);
    // Another account's bundle is not one to aim at.
    const other = await t
      .api()
      .post('/api/v1/file/large-file/create')
      .set(b.auth)
      .send({ file_name: 'x.bin', file_size: 10, bundle_id: d.id });
    expect(other.status).toBe(404);
  });
});
