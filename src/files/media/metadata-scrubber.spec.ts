import exifr from 'exifr';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { photo, PhotoFormat, tiffPhoto } from '../../../test/factories/photo.factory';
import { TIFF_HELD_AT_MOST } from './tiff-scrubber';
import { scrubberFor } from './metadata-scrubber';

/** The bytes through a scrubber, fed `piece` bytes at a time. */
async function scrub(bytes: Buffer, mime: string, strip: boolean, piece = 65536) {
  const scrubber = scrubberFor(mime, strip)!;
  const pieces: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += piece) pieces.push(bytes.subarray(i, i + piece));
  const out: Buffer[] = [];
  for await (const b of Readable.from(pieces).pipe(scrubber)) out.push(b as Buffer);
  return { bytes: Buffer.concat(out), found: scrubber.found };
}

const FORMATS: [PhotoFormat, string][] = [
  ['jpeg', 'image/jpeg'],
  ['png', 'image/png'],
  ['webp', 'image/webp'],
  ['avif', 'image/avif'],
];

describe('metadata scrubber', () => {
  it.each(FORMATS)(
    'should strip GPS, names and XMP from a %s, keeping size and pixels',
    async (format, mime) => {
      const original = await photo(format);
      expect((await sharp(original).metadata()).exif).toBeDefined();
      const { bytes, found } = await scrub(original, mime, true);
      expect(found).toBe(true);
      expect(bytes.length).toBe(original.length);
      // exifr reads JPEG and PNG (not WebP, nor AVIF as libvips writes it); libvips reads all.
      if (format === 'jpeg' || format === 'png') expect(await exifr.gps(bytes)).toBeUndefined();
      const meta = await sharp(bytes).metadata();
      expect(meta.xmp).toBeUndefined();
      // What is left of EXIF is the orientation alone (32 bytes), then zeros.
      expect((meta.exif ?? Buffer.alloc(0)).subarray(32).every((b) => b === 0)).toBe(true);
      for (const word of ['Ada Lovelace', 'SN-0042', 'London', 'Phone']) {
        expect(bytes.includes(word)).toBe(false);
      }
      // Still the same picture to a decoder.
      const [a, b] = await Promise.all(
        [original, bytes].map((x) => sharp(x).raw().toBuffer({ resolveWithObject: true })),
      );
      expect(b.info).toEqual(a.info);
      expect(b.data.equals(a.data)).toBe(true);
    },
  );

  it.each(FORMATS)(
    'should give the same bytes whatever the pieces the %s arrives in',
    async (format, mime) => {
      const original = await photo(format);
      const whole = (await scrub(original, mime, true)).bytes;
      for (const piece of [1, 3, 7, 250, 4096]) {
        expect((await scrub(original, mime, true, piece)).bytes.equals(whole)).toBe(true);
      }
    },
  );

  it('should keep the orientation of a JPEG, so it still shows the right way up', async () => {
    const original = await photo('jpeg', { orientation: 6 });
    const { bytes } = await scrub(original, 'image/jpeg', true, 5);
    expect(await exifr.orientation(bytes)).toBe(6);
    const meta = await sharp(bytes).metadata();
    expect(meta.orientation).toBe(6);
  });

  it.each(FORMATS)(
    'should only look when keeping a %s: the bytes unchanged',
    async (format, mime) => {
      const original = await photo(format);
      const { bytes, found } = await scrub(original, mime, false, 11);
      expect(found).toBe(true);
      expect(bytes.equals(original)).toBe(true);
    },
  );

  it('should find nothing in a picture without metadata, and change nothing', async () => {
    const plain = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
      .jpeg()
      .toBuffer();
    const { bytes, found } = await scrub(plain, 'image/jpeg', true, 9);
    expect(found).toBe(false);
    expect(bytes.equals(plain)).toBe(true);
  });

  it('should pass bytes that are not what their type promised as they are', async () => {
    const junk = Buffer.from('not an image at all, just words');
    for (const mime of ['image/jpeg', 'image/png', 'image/webp', 'image/avif', 'image/tiff']) {
      expect((await scrub(junk, mime, true, 4)).bytes.equals(junk)).toBe(true);
    }
  });

  it('should zero what phones append after a JPEG (its own EXIF included)', async () => {
    const original = await photo('jpeg');
    const extra = Buffer.concat([original, await photo('jpeg')]);
    const { bytes } = await scrub(extra, 'image/jpeg', true, 100);
    expect(bytes.length).toBe(extra.length);
    expect(bytes.subarray(original.length).every((b) => b === 0)).toBe(true);
  });

  describe('TIFF', () => {
    it('should strip EXIF, GPS, XMP, maker and artist wherever its directories lie', async () => {
      const original = tiffPhoto();
      expect(await exifr.parse(original, true)).toMatchObject({ SerialNumber: 'SN-0042' });
      for (const piece of [1, 7, 65536]) {
        const { bytes, found } = await scrub(original, 'image/tiff', true, piece);
        expect(found).toBe(true);
        expect(bytes.length).toBe(original.length);
        for (const word of ['Ada Lovelace', 'SN-0042', 'London', 'Phone']) {
          expect(bytes.includes(word)).toBe(false);
        }
        const left = (await exifr.parse(bytes, true)) as Record<string, unknown>;
        expect(left).toMatchObject({
          ImageWidth: 8,
          ImageHeight: 6,
          Orientation: 'Horizontal (normal)',
        });
        for (const tag of ['Make', 'Artist', 'SerialNumber', 'OwnerName', 'GPSLatitude', 'City']) {
          expect(left[tag]).toBeUndefined();
        }
        expect((await sharp(bytes).metadata()).xmp).toBeUndefined();
        // Still the same picture to a decoder.
        const [a, b] = await Promise.all([original, bytes].map((x) => sharp(x).raw().toBuffer()));
        expect(b.equals(a)).toBe(true);
      }
    });

    it('should only look when keeping, and find nothing in a TIFF without metadata', async () => {
      const original = tiffPhoto();
      const kept = await scrub(original, 'image/tiff', false, 5);
      expect(kept.found).toBe(true);
      expect(kept.bytes.equals(original)).toBe(true);
      const plain = await sharp({
        create: { width: 8, height: 8, channels: 3, background: '#fff' },
      })
        .tiff()
        .toBuffer();
      const { bytes, found } = await scrub(plain, 'image/tiff', true, 9);
      expect(found).toBe(false);
      expect(bytes.equals(plain)).toBe(true);
    });

    it('should survive directories that point outside the file or at each other', async () => {
      const broken = tiffPhoto();
      // The image directory's next pointer at itself, and the EXIF pointer past the end.
      const at = broken.readUInt32LE(4);
      const n = broken.readUInt16LE(at);
      broken.writeUInt32LE(at, at + 2 + 12 * n);
      broken.writeUInt32LE(broken.length + 100, at + 2 + 12 * (n - 2) + 8);
      const { bytes } = await scrub(broken, 'image/tiff', true);
      expect(bytes.length).toBe(broken.length);
      // What the directories reach is gone (an EXIF directory nothing points at is just bytes).
      expect(bytes.includes('Phone')).toBe(false);
      expect(bytes.includes('London')).toBe(false);
      expect(bytes.includes('N\0')).toBe(false);
    });

    it('should pass a TIFF larger than it holds as it is', async () => {
      const big = Buffer.concat([tiffPhoto(), Buffer.alloc(TIFF_HELD_AT_MOST)]);
      const { bytes } = await scrub(big, 'image/tiff', true, 1 << 20);
      expect(bytes.equals(big)).toBe(true);
    });
  });
});
