import exifr from 'exifr';
import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { DataSource } from 'typeorm';
import { Upload } from 'tus-js-client';
import { Thumbnails } from '../../../src/files/media/thumbnails';
import { createAccount, TestAccount } from '../../factories/account.factory';
import { allFilesUnder, isThumbnail, png, pngBomb } from '../../factories/file.factory';
import { photo, tiffPhoto } from '../../factories/photo.factory';
import { hasFfmpeg, webm } from '../../factories/media.factory';
import { createTestApp, TestApp } from '../../utils/create-test-app';
import { startS3, TestS3 } from '../../utils/s3-server';

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** The calls of a media test against one app (local storage or S3). */
function mediaCalls(t: () => TestApp, who: () => TestAccount) {
  const upload = (bytes: Buffer, name: string, fields: Record<string, string> = {}, query = '') => {
    const req = t().api().post(`/api/v1/file/upload${query}`).set(who().auth);
    for (const [k, v] of Object.entries(fields)) void req.field(k, v);
    return req.attach('file', bytes, name);
  };
  const uploaded = async (bytes: Buffer, name: string, fields?: Record<string, string>) =>
    (await upload(bytes, name, fields).expect(200)).body.data as {
      url: string;
      thumb_url: string;
      mime_type: string;
      size: number;
      hash: string;
      path: string;
      file_id: number;
    };
  const bytesAt = async (url: string) =>
    (await t().api().get(new URL(url).pathname).responseType('blob').expect(200)).body as Buffer;
  const thumb = (url: string) => t().api().get(new URL(url).pathname).responseType('blob');
  return { upload, uploaded, bytesAt, thumb };
}

/** Red on top, blue below: a photo whose left half was red, shown turned by its orientation. */
async function expectTurnedUpright(webp: Buffer) {
  const { data, info } = await sharp(webp).raw().toBuffer({ resolveWithObject: true });
  const at = (x: number, y: number) =>
    data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3);
  const [r1, , b1] = at(Math.floor(info.width / 2), 2);
  const [r2, , b2] = at(Math.floor(info.width / 2), info.height - 3);
  expect(r1).toBeGreaterThan(200);
  expect(b1).toBeLessThan(60);
  expect(b2).toBeGreaterThan(200);
  expect(r2).toBeLessThan(60);
}

describe('Files as media: private metadata stripped, thumbnails', () => {
  let t: TestApp;
  let a: TestAccount;
  let base: string;
  const { upload, uploaded, bytesAt, thumb } = mediaCalls(
    () => t,
    () => a,
  );
  beforeAll(async () => {
    t = await createTestApp({ PLAN_FREE_MAX_FILE_BYTES: String(32 * 1024 * 1024) });
    a = await createAccount(t);
    await t.app.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(t.http.address() as AddressInfo).port}`;
  });
  afterAll(() => t.close());

  it("should strip a photo's GPS, serial and names on upload, keeping its size and orientation", async () => {
    const original = await photo('jpeg', { width: 640, height: 480, orientation: 6 });
    expect(await exifr.gps(original)).toMatchObject({ latitude: expect.any(Number) });
    const d = await uploaded(original, 'holiday.jpg');
    expect(d.size).toBe(original.length);
    const stored = await bytesAt(d.url);
    expect(stored.length).toBe(original.length);
    expect(await exifr.gps(stored)).toBeUndefined();
    expect(await exifr.orientation(stored)).toBe(6);
    for (const word of ['Ada Lovelace', 'SN-0042', 'London']) {
      expect(stored.includes(word)).toBe(false);
    }
  });

  it('should strip the EXIF and XMP items of an AVIF and a HEIC photo, keeping the picture', async () => {
    const avif = await photo('avif', { width: 320, height: 240 });
    // The same boxes under HEIC's brand: what an iPhone sends, sniffed as image/heic.
    const heic = Buffer.from(avif);
    heic.write('heic', 8, 'latin1');
    for (const [bytes, name, mime] of [
      [avif, 'p.avif', 'image/avif'],
      [heic, 'p.heic', 'image/heic'],
    ] as const) {
      expect((await sharp(bytes).metadata()).exif).toBeDefined();
      const d = await uploaded(bytes, name);
      expect(d.mime_type).toBe(mime);
      const stored = await bytesAt(d.url);
      expect(stored.length).toBe(bytes.length);
      for (const word of ['Ada Lovelace', 'SN-0042', 'London']) {
        expect(stored.includes(word)).toBe(false);
      }
      if (mime === 'image/avif') {
        const meta = await sharp(stored).metadata();
        expect([meta.exif, meta.xmp, meta.width]).toEqual([undefined, undefined, 320]);
      }
    }
  });

  it("should strip a TIFF's EXIF, GPS, XMP and names, its directory after the pixels", async () => {
    const original = tiffPhoto({ width: 64, height: 48 });
    const d = await uploaded(original, 'scan.tiff');
    expect(d.mime_type).toBe('image/tiff');
    const stored = await bytesAt(d.url);
    expect(stored.length).toBe(original.length);
    for (const word of ['Ada Lovelace', 'SN-0042', 'London', 'Phone']) {
      expect(stored.includes(word)).toBe(false);
    }
    expect(await exifr.gps(stored)).toBeUndefined();
    const [a, b] = await Promise.all([original, stored].map((x) => sharp(x).raw().toBuffer()));
    expect(b.equals(a)).toBe(true);
    await thumb(d.thumb_url).expect(200);
  });

  it('should keep the metadata when the upload asks, by a field before the file or the query', async () => {
    const original = await photo('jpeg');
    const byField = await uploaded(original, 'keep.jpg', { keep_metadata: '1' });
    expect((await bytesAt(byField.url)).equals(original)).toBe(true);
    const byQuery = (await upload(original, 'keep.jpg', {}, '?keep_metadata=true').expect(200)).body
      .data as { url: string };
    expect((await bytesAt(byQuery.url)).equals(original)).toBe(true);
    const before = await t.storedFiles();
    const bad = await upload(original, 'x.jpg', { keep_metadata: 'maybe' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/keep_metadata/);
    expect(await t.storedFiles()).toEqual(before);
  });

  it('should find a photo again by its hash as uploaded (fast_upload, SM.MS), as it was stored', async () => {
    const original = await photo('jpeg', { width: 100, height: 80 });
    const first = await uploaded(original, 'once.jpg');
    const create = (extra: object) =>
      t
        .api()
        .post('/api/v1/file/large-file/create')
        .set(a.auth)
        .send({
          file_name: 'again.jpg',
          file_size: original.length,
          file_hash: sha256(original),
          ...extra,
        })
        .expect(200);
    const fast = (await create({})).body.data;
    expect(fast.fast_upload).toBe(true);
    expect((await bytesAt(fast.existing_file.url as string)).equals(await bytesAt(first.url))).toBe(
      true,
    );
    // Asked to keep what was stripped from the copy stored: it has to be sent.
    expect((await create({ keep_metadata: 1 })).body.data.fast_upload).toBe(false);
    const smms = () =>
      t
        .api()
        .post('/api/v2/upload')
        .set('Authorization', a.token)
        .attach('smfile', original, 's.jpg');
    // The same account sent this photo before: SM.MS answers with the file stored then.
    const again = (await smms().expect(200)).body;
    expect(again).toMatchObject({ code: 'image_repeated', images: first.url });
  });

  it.each(['jpeg', 'png', 'webp', 'gif', 'avif', 'tiff'] as const)(
    'should make a %s thumbnail of at most 1280 and 320 px, WebP, turned upright',
    async (format) => {
      const original =
        format === 'jpeg'
          ? await photo('jpeg', { width: 1600, height: 1200, orientation: 6 })
          : // Turned in its pixels (these formats carry no orientation here): red on top.
            await sharp(
              await sharp(await photo('png', { width: 1600, height: 1200 }))
                .rotate(90)
                .toBuffer(),
            )
              .toFormat(format)
              .toBuffer();
      const d = await uploaded(original, `pic.${format}`);
      expect(d.thumb_url).toBe(`${d.url}.1280.webp`);
      const big = await thumb(d.thumb_url).expect(200);
      expect(big.headers['content-type']).toBe('image/webp');
      const meta = await sharp(big.body as Buffer).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: 960, height: 1280 });
      await expectTurnedUpright(big.body as Buffer);
      const small = await thumb(d.thumb_url.replace('.1280.', '.320.')).expect(200);
      expect(await sharp(small.body as Buffer).metadata()).toMatchObject({
        width: 240,
        height: 320,
      });
      // Cached as bytes are, and revalidated by their ETag.
      await thumb(d.thumb_url).set('If-None-Match', big.headers.etag).expect(304);
    },
  );

  (hasFfmpeg() ? it : it.skip)(
    "should make a video's poster frame its thumbnail (ffmpeg)",
    async () => {
      const d = await uploaded(webm(3), 'clip.webm');
      expect(d.thumb_url).toBe(`${d.url}.1280.webp`);
      const big = await thumb(d.thumb_url).expect(200);
      expect(await sharp(big.body as Buffer).metadata()).toMatchObject({
        format: 'webp',
        width: 320,
        height: 240,
      });
      // A video cut short before its first frame: kept, without a poster.
      const cut = await uploaded(webm(1).subarray(0, 300), 'cut.webm');
      await thumb(cut.thumb_url).expect(404);
      await t.api().get('/health/ready').expect(200);
    },
  );

  it('should keep a decompression bomb and a truncated image without thumbnails, and stay up', async () => {
    const bomb = pngBomb(30_000);
    const cut = (await photo('jpeg', { width: 800, height: 600 })).subarray(0, 3000);
    for (const [bytes, name] of [
      [bomb, 'bomb.png'],
      [cut, 'cut.jpg'],
    ] as const) {
      const d = await uploaded(bytes, name);
      await thumb(d.thumb_url).expect(404);
      // Kept (the cut photo's metadata stripped as any photo's).
      expect((await bytesAt(d.url)).length).toBe(bytes.length);
      const history = await t.api().get('/api/v1/file/upload_history').set(a.auth).expect(200);
      const record = (history.body.data as { file_id: number; thumb_url: string }[]).find(
        (f) => f.file_id === d.file_id,
      );
      expect(record?.thumb_url).toBe('');
    }
    await t.api().get('/health/ready').expect(200);
    // An SVG is never rasterised: no thumbnail at all.
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg"><image href="http://x/"/></svg>',
    );
    expect((await uploaded(svg, 'a.svg')).thumb_url).toBe('');
  });

  it("should delete thumbnails with the file's bytes, not while another record shares them", async () => {
    const bytes = png(50, 40);
    const one = await uploaded(bytes, 'one.png');
    const two = await uploaded(bytes, 'two.png');
    await thumb(two.thumb_url).expect(200);
    await t.app.get(Thumbnails).idle();
    const thumbs = () => allFilesUnder(t.storageDir).filter(isThumbnail);
    const made = thumbs().filter((p) => p.includes(one.path));
    expect(made).toHaveLength(2);
    await t.api().delete(`/api/v1/file/delete/${one.hash}`).expect(200);
    expect(thumbs()).toEqual(expect.arrayContaining(made));
    await t.api().delete(`/api/v1/file/delete/${two.hash}`).expect(200);
    await new Promise((r) => setTimeout(r, 50)); // deleted once the removal committed
    expect(thumbs().filter((p) => made.includes(p))).toEqual([]);
  });

  it('should leave no thumbnails of bytes whose last record went while they were made', async () => {
    const mine = await uploaded(png(60, 30), 'gone.png');
    // The record gone, its bytes not yet (as when a deletion commits while sharp works).
    await t.app.get(DataSource).query('DELETE FROM files WHERE path = ?', [mine.path]);
    await t.app.get(Thumbnails).idle();
    expect(allFilesUnder(t.storageDir).filter((p) => p.includes(mine.path))).toEqual([
      expect.not.stringMatching(/\.webp$/),
    ]);
  });

  it('should strip a photo sent as a resumable (tus) upload, unless the upload keeps it', async () => {
    const original = await photo('jpeg', { width: 320, height: 240 });
    for (const keep of [false, true]) {
      const created = await t
        .api()
        .post('/api/v1/file/large-file/create')
        .set(a.auth)
        .send({
          file_name: 'big.jpg',
          file_size: original.length,
          ...(keep && { keep_metadata: 1 }),
        })
        .expect(200);
      const { upload_id, upload_url } = created.body.data as {
        upload_id: string;
        upload_url: string;
      };
      await new Promise<void>((resolve, reject) =>
        new Upload(original, {
          uploadUrl: `${base}${new URL(upload_url).pathname}`,
          headers: { Authorization: `Bearer ${a.token}` },
          retryDelays: [],
          onError: reject,
          onSuccess: () => resolve(),
        }).start(),
      );
      const done = await t
        .api()
        .post('/api/v1/file/large-file/complete')
        .set(a.auth)
        .send({ upload_id })
        .expect(200);
      const stored = await bytesAt(done.body.data.file.url as string);
      expect(stored.length).toBe(original.length);
      expect(stored.equals(original)).toBe(keep);
      if (!keep) expect(await exifr.gps(stored)).toBeUndefined();
    }
  });
});

// The same on a real S3-protocol server on loopback (s3rver).
describe('Files as media on S3', () => {
  let s3: TestS3;
  let t: TestApp;
  let a: TestAccount;
  const { uploaded, bytesAt, thumb } = mediaCalls(
    () => t,
    () => a,
  );
  beforeAll(async () => {
    s3 = await startS3();
    t = await createTestApp(s3.settings);
    a = await createAccount(t);
  });
  afterAll(async () => {
    await t.close();
    await s3.close();
  });

  it('should strip metadata and keep thumbnails beside the bytes in the bucket', async () => {
    const original = await photo('jpeg', { width: 640, height: 480, orientation: 6 });
    const d = await uploaded(original, 'p.jpg');
    expect(await exifr.gps(await bytesAt(d.url))).toBeUndefined();
    const big = await thumb(d.thumb_url).expect(200);
    expect(await sharp(big.body as Buffer).metadata()).toMatchObject({ width: 480, height: 640 });
    await t.app.get(Thumbnails).idle();
    const key = d.path.slice(1);
    expect(await s3.keys()).toEqual(
      expect.arrayContaining([key, `${key}.1280.webp`, `${key}.320.webp`]),
    );
    await t.api().delete(`/api/v1/file/delete/${d.hash}`).expect(200);
    await new Promise((r) => setTimeout(r, 100));
    expect((await s3.keys()).filter((k) => k.startsWith(key))).toEqual([]);
  });
});
