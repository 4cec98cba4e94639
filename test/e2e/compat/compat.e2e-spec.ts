import { createAccount, TestAccount } from '../../factories/account.factory';
import { png } from '../../factories/file.factory';
import { createTestApp, TestApp } from '../../utils/create-test-app';

/**
 * An unmodified SM.MS v2 client, as PicGo's smms uploader does it: POST <host>/api/v2/upload with
 * the file as `smfile` and the bare token in Authorization, then read `code`: "success" → data.url,
 * "image_repeated" → images.
 */
async function smmsClientUpload(t: TestApp, token: string, file: Buffer, name: string) {
  const res = await t
    .api()
    .post('/api/v2/upload')
    .set('Authorization', token)
    .attach('smfile', file, name);
  expect(res.status).toBe(200);
  const body = res.body;
  if (body.code === 'success') return { url: body.data.url as string, body };
  if (body.code === 'image_repeated') return { url: body.images as string, body };
  return { url: null, body };
}

describe('SM.MS v2 drop-in (/api/v2)', () => {
  let t: TestApp;
  let a: TestAccount;
  beforeAll(async () => {
    t = await createTestApp({ PLAN_FREE_MAX_FILE_BYTES: '50000' });
    a = await createAccount(t);
  });
  afterAll(() => t.close());

  it('should upload in the classic shape', async () => {
    const { url, body } = await smmsClientUpload(t, a.token, png(12, 7), 'shot.png');
    expect(body).toMatchObject({ success: true, code: 'success', message: 'Upload success.' });
    expect(body.RequestId).toMatch(/^[0-9A-F]{32}$/);
    expect(body.data).toMatchObject({ width: 12, height: 7, filename: 'shot.png' });
    expect(Object.keys(body.data)).toEqual(
      expect.arrayContaining([
        'file_id',
        'storename',
        'size',
        'path',
        'hash',
        'url',
        'delete',
        'page',
      ]),
    );
    expect(url).toBe(body.data.url);
    await t.api().get(new URL(url!).pathname).expect(200);
  });

  it('should answer image_repeated with the existing URL for identical bytes, storing nothing', async () => {
    const first = await smmsClientUpload(t, a.token, png(30, 30), 'one.png');
    const stored = (await t.storedFiles()).length;
    const again = await smmsClientUpload(t, a.token, png(30, 30), 'two.png');
    expect(again.body).toMatchObject({ success: false, code: 'image_repeated', images: first.url });
    expect(again.body.message).toContain(first.url);
    expect(again.url).toBe(first.url);
    expect(await t.storedFiles()).toHaveLength(stored);
    // Another account uploading the same bytes is not a repeat.
    const b = await createAccount(t);
    expect((await smmsClientUpload(t, b.token, png(30, 30), 'b.png')).body.code).toBe('success');
    // The v1 API always makes a new record (PicGo 3.x cannot take a refusal).
    await t
      .api()
      .post('/api/v1/file/upload')
      .set(a.auth)
      .attach('file', png(30, 30), 'v1.png')
      .expect(200);
  });

  it('should answer failures with HTTP 200 and a word code', async () => {
    const noToken = await t
      .api()
      .post('/api/v2/upload')
      .attach('smfile', png(1, 1), 'a.png')
      .expect(200);
    expect(noToken.body).toMatchObject({ success: false, code: 'unauthorized' });
    const big = await smmsClientUpload(t, a.token, Buffer.alloc(60000, 1), 'big.bin');
    expect(big.body).toMatchObject({ success: false, code: 'file_too_large' });
    expect(big.url).toBeNull();
    const none = await t
      .api()
      .post('/api/v2/upload')
      .set('Authorization', a.token)
      .field('x', '1')
      .expect(200);
    expect(none.body).toMatchObject({ success: false, code: 'bad_request' });
  });

  it('should list the history and delete by hash', async () => {
    const c = await createAccount(t);
    const { body } = await smmsClientUpload(t, c.token, png(2, 3), 'h.png');
    const history = await t
      .api()
      .get('/api/v2/upload_history')
      .set('Authorization', c.token)
      .expect(200);
    expect(history.body).toMatchObject({ success: true, code: 'success' });
    expect(history.body.data).toHaveLength(1);
    expect(history.body.data[0]).toMatchObject({
      hash: body.data.hash,
      created_at: expect.any(Number),
    });
    const del = await t.api().get(`/api/v2/delete/${body.data.hash}`).expect(200);
    expect(del.body).toMatchObject({ success: true, code: 'success', data: [] });
    const again = await t.api().get(`/api/v2/delete/${body.data.hash}`).expect(200);
    expect(again.body).toMatchObject({ success: false, code: 'error' });
    const bad = await t
      .api()
      .get('/api/v2/upload_history?page=0')
      .set('Authorization', c.token)
      .expect(200);
    expect(bad.body).toMatchObject({ success: false, code: 'validation_failed' });
  });

  it('should answer the profile with disk usage', async () => {
    const c = await createAccount(t);
    await smmsClientUpload(t, c.token, png(4, 4), 'p.png');
    const res = await t.api().post('/api/v2/profile').set('Authorization', c.token).expect(200);
    expect(res.body).toMatchObject({ success: true, code: 'success' });
    expect(res.body.data).toMatchObject({
      email: c.email,
      disk_usage_raw: png(4, 4).length,
      disk_limit_raw: expect.any(Number),
    });
  });
});
