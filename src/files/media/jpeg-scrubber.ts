import type { ByteQueue } from './byte-queue';
import { FormatParser } from './format-scrubber';

const SOI = 0xd8;
const EOI = 0xd9;
const SOS = 0xda;
const APP0 = 0xe0;
const APP1 = 0xe1;
const APP2 = 0xe2;
const APP14 = 0xee;
const COM = 0xfe;
const isRst = (m: number) => m >= 0xd0 && m <= 0xd7;
const startsWith = (seg: Buffer, id: string) =>
  seg.subarray(4, 4 + id.length).toString('latin1') === id;

/**
 * JPEG, segment by segment. Kept: the image itself, JFIF (APP0), ICC colour profiles (APP2) and
 * Adobe's colour transform (APP14). Overwritten with zeros: every other APPn (XMP, IPTC, MPF,
 * maker data) and comments, and whatever follows the image's end (the extra pictures phones
 * append, which carry their own EXIF). EXIF itself becomes a minimal one holding only the
 * orientation, so the picture still shows the right way up.
 */
export class JpegScrubber extends FormatParser {
  protected state: 'start' | 'marker' | 'entropy' | 'trailer' | 'raw' = 'start';

  protected step(q: ByteQueue, out: (b: Buffer) => void): boolean {
    const emit = (pieces: Buffer[]) => pieces.forEach(out);
    if (this.state === 'entropy') return this.entropy(q, emit);
    if (q.length < 2) return false;
    const [ff, marker] = q.peek(2);
    if (this.state === 'start') {
      this.state = ff === 0xff && marker === SOI ? 'marker' : 'raw';
      if (this.state === 'marker') emit(q.take(2));
    } else if (ff !== 0xff) {
      this.state = 'raw'; // not a JPEG past here: passed on as it is
    } else if (marker === 0xff) {
      emit(q.take(1)); // a fill byte
    } else if (marker === SOI || marker === 0x01 || isRst(marker)) {
      emit(q.take(2));
    } else if (marker === EOI) {
      emit(q.take(2));
      this.state = 'trailer';
    } else {
      if (q.length < 4) return false;
      const length = q.peek(4).readUInt16BE(2);
      if (length < 2) {
        this.state = 'raw';
        return true;
      }
      if (q.length < 2 + length) return false; // a segment is at most 64 KiB
      out(this.segment(marker, Buffer.concat(q.take(2 + length))));
      if (marker === SOS) this.state = 'entropy';
    }
    return true;
  }

  /** Passes the compressed data up to the next marker; false when it needs more bytes. */
  private entropy(q: ByteQueue, emit: (pieces: Buffer[]) => void): boolean {
    const piece = q.first();
    let i = piece.indexOf(0xff);
    // FF 00 is a byte of data, FF D0-D7 a restart marker: both part of the scan.
    while (i !== -1 && i + 1 < piece.length && (piece[i + 1] === 0 || isRst(piece[i + 1]))) {
      i = piece.indexOf(0xff, i + 2);
    }
    if (i === -1) {
      emit(q.take(piece.length));
      return true;
    }
    if (i + 1 < piece.length || i > 0) {
      emit(q.take(i));
      if (i + 1 < piece.length) this.state = 'marker';
      return true;
    }
    // The piece is a lone FF: the byte after it decides.
    if (q.length < 2) return false;
    const next = q.peek(2)[1];
    if (next === 0 || isRst(next)) emit(q.take(2));
    else this.state = 'marker';
    return true;
  }

  private segment(marker: number, seg: Buffer): Buffer {
    const kept =
      marker < APP0 ||
      (marker > 0xef && marker !== COM) ||
      marker === APP0 ||
      marker === APP14 ||
      (marker === APP2 && startsWith(seg, 'ICC_PROFILE\0'));
    if (kept) return seg;
    this.found = true;
    if (!this.strip) return seg;
    const scrubbed = Buffer.alloc(seg.length);
    seg.copy(scrubbed, 0, 0, 4); // the marker and the length: the file keeps its layout
    if (marker === APP1 && startsWith(seg, 'Exif\0\0')) {
      const orientation = orientationOf(seg.subarray(10));
      if (orientation && seg.length - 4 >= MINIMAL_EXIF_BYTES) {
        minimalExif(orientation).copy(scrubbed, 4);
      }
    }
    return scrubbed;
  }
}

/** The EXIF orientation (1-8) in a TIFF block, or 0. */
export function orientationOf(tiff: Buffer): number {
  if (tiff.length < 8) return 0;
  const le = tiff.toString('latin1', 0, 2) === 'II';
  if (!le && tiff.toString('latin1', 0, 2) !== 'MM') return 0;
  const u16 = (o: number) => (le ? tiff.readUInt16LE(o) : tiff.readUInt16BE(o));
  const ifd = le ? tiff.readUInt32LE(4) : tiff.readUInt32BE(4);
  if (ifd + 2 > tiff.length) return 0;
  for (let k = 0, n = u16(ifd); k < n; k++) {
    const entry = ifd + 2 + 12 * k;
    if (entry + 12 > tiff.length) return 0;
    if (u16(entry) === 0x0112) {
      const value = u16(entry + 8);
      return value >= 1 && value <= 8 ? value : 0;
    }
  }
  return 0;
}

const MINIMAL_EXIF_BYTES = 32;

/** `Exif\0\0` and a big-endian TIFF block whose only entry is the orientation. */
function minimalExif(orientation: number): Buffer {
  const b = Buffer.alloc(MINIMAL_EXIF_BYTES);
  b.write('Exif\0\0MM', 0, 'latin1');
  b.writeUInt16BE(0x2a, 8);
  b.writeUInt32BE(8, 10); // IFD0 right after the TIFF header
  b.writeUInt16BE(1, 14); // one entry
  b.writeUInt16BE(0x0112, 16); // Orientation
  b.writeUInt16BE(3, 18); // SHORT
  b.writeUInt32BE(1, 20);
  b.writeUInt16BE(orientation, 24);
  return b; // next IFD offset: 0
}
