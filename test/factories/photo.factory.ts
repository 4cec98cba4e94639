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
