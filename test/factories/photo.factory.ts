import sharp from 'sharp';

export type PhotoFormat = 'jpeg' | 'png' | 'webp' | 'avif';

/** Where the photos were taken, as a phone writes it (EXIF GPS IFD). */
export const GPS = {
  GPSLatitudeRef: 'N',
  GPSLatitude: '51/1 30/1 2616/100',
  GPSLongitudeRef: 'W',
  GPSLongitude: '0/1 7/1 3960/100',
};

/**
 * A real photo as a phone would upload it: w×h pixels (a red left half, so orientation shows),
 * EXIF with GPS, a camera serial number and an owner's name, XMP, and an orientation.
 */
export async function photo(
  format: PhotoFormat,
  { width = 64, height = 48, orientation = 1 } = {},
): Promise<Buffer> {
  const half = await sharp({
    create: { width: width / 2, height, channels: 3, background: '#ff0000' },
  })
    .png()
    .toBuffer();
  return sharp({ create: { width, height, channels: 3, background: '#0000ff' } })
    .composite([{ input: half, left: 0, top: 0 }])
    .withExif({
      IFD0: { Artist: 'Ada Lovelace', Copyright: 'Ada Lovelace', Make: 'Phone', Model: 'X1' },
      IFD2: { BodySerialNumber: 'SN-0042', CameraOwnerName: 'Ada Lovelace' },
      IFD3: GPS,
    })
    .withMetadata({ orientation })
    .withXmp(
      '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' +
        '<rdf:Description xmlns:photoshop="http://ns.adobe.com/photoshop/1.0/" photoshop:City="London"/>' +
        '</rdf:RDF></x:xmpmeta>',
    )
    .toFormat(format)
    .toBuffer();
}

type TiffEntry = [tag: number, type: number, count: number, value: Buffer];

/**
 * A TIFF as a camera or scanner might write it (libvips writes none with EXIF): w×h RGB pixels
 * (a red left half), then EXIF with a serial number and owner, GPS, XMP, a maker and an artist,
 * and the image's directory last, after the pixels (as libtiff places it). Little-endian.
 */
export function tiffPhoto({ width = 8, height = 6 } = {}): Buffer {
  const parts: Buffer[] = [];
  let length = 0;
  const append = (b: Buffer) => {
    const at = length;
    parts.push(b);
    length += b.length;
    if (length % 2) append(Buffer.alloc(1)); // values start on a word boundary
    return at;
  };
  const u16s = (...v: number[]) => Buffer.from(new Uint16Array(v).buffer);
  const u32s = (...v: number[]) => Buffer.from(new Uint32Array(v).buffer);
  const ascii = (s: string) => Buffer.from(`${s}\0`, 'latin1');
  const directory = (entries: TiffEntry[]) => {
    const fields = entries.map(([tag, type, count, value]) => {
      const inline = value.length <= 4;
      const field = inline
        ? Buffer.concat([value, Buffer.alloc(4 - value.length)])
        : u32s(append(value));
      return Buffer.concat([u16s(tag, type), u32s(count), field]);
    });
    return append(Buffer.concat([u16s(entries.length), ...fields, u32s(0)]));
  };
  const header = Buffer.alloc(8);
  append(header);
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < width * height; i++) {
    pixels.set(i % width < width / 2 ? [255, 0, 0] : [0, 0, 255], i * 3);
  }
  const pixelsAt = append(pixels);
  const exif = directory([
    [42032, 2, 13, ascii('Ada Lovelace')],
    [42033, 2, 8, ascii('SN-0042')],
  ]);
  const gps = directory([
    [1, 2, 2, ascii('N')],
    [2, 5, 3, u32s(51, 1, 30, 1, 2616, 100)],
  ]);
  const xmp = Buffer.from(
    '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' +
      '<rdf:Description xmlns:photoshop="http://ns.adobe.com/photoshop/1.0/" photoshop:City="London"/>' +
      '</rdf:RDF></x:xmpmeta>',
  );
  const image = directory([
    [256, 3, 1, u16s(width)],
    [257, 3, 1, u16s(height)],
    [258, 3, 3, u16s(8, 8, 8)],
    [259, 3, 1, u16s(1)],
    [262, 3, 1, u16s(2)],
    [271, 2, 6, ascii('Phone')],
    [273, 4, 1, u32s(pixelsAt)],
    [274, 3, 1, u16s(1)],
    [277, 3, 1, u16s(3)],
    [278, 3, 1, u16s(height)],
    [279, 4, 1, u32s(pixels.length)],
    [284, 3, 1, u16s(1)],
    [315, 2, 13, ascii('Ada Lovelace')],
    [700, 1, xmp.length, xmp],
    [34665, 4, 1, u32s(exif)],
    [34853, 4, 1, u32s(gps)],
  ]);
  header.write('II', 0, 'latin1');
  header.writeUInt16LE(42, 2);
  header.writeUInt32LE(image, 4);
  return Buffer.concat(parts);
}
