import { createAccount, TestAccount } from '../../factories/account.factory';
import { png } from '../../factories/file.factory';
import { createTestApp, TestApp } from '../../utils/create-test-app';

type FileRecord = { file_id: number; path: string; url: string; page: string; is_private: boolean };

// S.EE's private files (is_private=1 on upload, GET /file/private/download-url).
describe('Private files', () => {
  let t: TestApp;
  let a: TestAccount;
  beforeAll(async () => {
    t = await createTestApp();
    a = await createAccount(t);
  });
  afterAll(() => t.close());
  afterEach(() => t.clock.reset());

  const upload = async (fields: Record<string, string> = {}, who = a) => {
    const req = t.api().post('/api/v1/file/upload').set(who.auth);
    for (const [k, v] of Object.entries(fields)) void req.field(k, v);
    const res = await req.attach('file', png(4, 4), 'p.png').expect(200);
    return res.body.data as FileRecord;
  };
  const local = (url: string) => {
    const u = new URL(url);
    return `${u.pathname}${u.search}`;
  };
  const downloadUrl = (fileId: number, who = a) =>
    t
      .api()
      .get(`/api/v1/file/private/download-url?file_id=${fileId}`)
      .set('Authorization', who.token);
  const slugOf = (page: string) => new URL(page).pathname;

  it('should keep a private file off its public URL and share page, for everyone', async () => {
    const f = await upload({ is_private: '1' });
    expect(f.is_private).toBe(true);
    await t.api().get(`/u${f.path}`).expect(404);
    await t.api().head(`/u${f.path}`).expect(404);
    await t.api().get(slugOf(f.page)).expect(404);
    await t
      .api()
      .get(`${slugOf(f.page)}/raw`)
      .expect(404);
    const pub = await upload({ is_private: '0' });
    expect(pub.is_private).toBe(false);
    await t.api().get(`/u${pub.path}`).expect(200);
  });

  it('should sign a download URL valid an hour or more, the same one while cached', async () => {
    const f = await upload({ is_private: 'true' });
    const res = await downloadUrl(f.file_id).expect(200);
    const { data } = res.body as { data: { file_id: number; url: string; expires_at: number } };
    expect(res.body.code).toBe(200);
    expect(data.file_id).toBe(f.file_id);
    expect(Number.isInteger(data.expires_at)).toBe(true);
    const left = data.expires_at - t.clock.now() / 1000;
    expect(left).toBeGreaterThanOrEqual(3600 - 5);
    expect(left).toBeLessThanOrEqual(4200);
    expect(data.url.startsWith(f.url)).toBe(true);
    expect((await downloadUrl(f.file_id).expect(200)).body.data).toEqual(data);
    const bytes = await t.api().get(local(data.url)).expect(200);
    expect(bytes.headers['cache-control']).toBe('private, no-store');
    expect(bytes.headers['content-type']).toBe('image/png');
    await t.api().get(local(data.url)).set('Range', 'bytes=0-3').expect(206);
    // Tampered, moved to another file, or expired: 404 as if there were no file.
    // (its first character changed to another: 'A' alone would leave one signature in 64 as it was)
    const tampered = local(data.url).replace(/sig=(.)/, (_, c: string) =>
      c === 'A' ? 'sig=B' : 'sig=A',
    );
    await t.api().get(tampered).expect(404);
    await t
      .api()
      .get(local(data.url).replace(/expires=\d+/, `expires=${data.expires_at + 60}`))
      .expect(404);
    const other = await upload({ is_private: '1' });
    await t
      .api()
      .get(`/u${other.path}${new URL(data.url).search}`)
      .expect(404);
    t.clock.advance((data.expires_at + 1) * 1000 - t.clock.now());
    await t.api().get(local(data.url)).expect(404);
  });

  it("should serve a private image's thumbnail only with the download URL's signature", async () => {
    const f = (await upload({ is_private: '1' })) as FileRecord & { thumb_url: string };
    expect(f.thumb_url).toBe(`${f.url}.1280.webp`);
    await t.api().get(local(f.thumb_url)).expect(404);
    const { url } = (await downloadUrl(f.file_id).expect(200)).body.data as { url: string };
    const thumb = await t
      .api()
      .get(`${local(f.thumb_url)}${new URL(url).search}`)
      .expect(200);
    expect(thumb.headers['content-type']).toBe('image/webp');
    expect(thumb.headers['cache-control']).toBe('private, no-store');
  });

  it('should let the owner flip a file between private and public, and nobody else', async () => {
    const f = await upload();
    const flip = (isPrivate: unknown, who = a) =>
      t.api().patch(`/api/v1/files/${f.file_id}`).set(who.auth).send({ is_private: isPrivate });
    const made = await flip(true).expect(200);
    expect(made.body.data).toMatchObject({ file_id: f.file_id, is_private: true, url: f.url });
    await t.api().get(`/u${f.path}`).expect(404);
    await flip(false).expect(200);
    await t.api().get(`/u${f.path}`).expect(200);
    const b = await createAccount(t);
    expect((await flip(true, b).expect(404)).body.error).toBe('not_found');
    await downloadUrl(f.file_id, b).expect(404);
    expect((await flip('yes').expect(400)).body.error).toBe('validation_failed');
    await t.api().get(`/u${f.path}`).expect(200);
  });

  it('should refuse bad input with clear errors', async () => {
    expect((await downloadUrl(0).expect(400)).body.error).toBe('validation_failed');
    await t.api().get('/api/v1/file/private/download-url').set(a.auth).expect(400);
    await downloadUrl(999999).expect(404);
    const bad = await t
      .api()
      .post('/api/v1/file/upload')
      .set(a.auth)
      .field('is_private', 'maybe')
      .attach('file', png(2, 2), 'x.png');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/is_private/);
    await t.api().get('/api/v1/file/private/download-url?file_id=1').expect(401);
  });
});
