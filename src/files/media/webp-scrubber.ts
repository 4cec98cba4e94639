import type { ByteQueue } from './byte-queue';
import { FormatParser, zerosLike } from './format-scrubber';

/** VP8X flags: EXIF and XMP present. */
const EXIF_FLAG = 0x08;
const XMP_FLAG = 0x04;
const METADATA = new Set(['EXIF', 'XMP ']);

/**
 * WebP (RIFF), chunk by chunk: EXIF and XMP chunks become JUNK chunks of zeros (readers skip
 * chunks they do not know), and the VP8X header no longer announces them. The RIFF size, written
 * first, stays right because nothing changes size.
 */
export class WebpScrubber extends FormatParser {
  protected state: 'riff' | 'header' | 'data' | 'raw' = 'riff';
  private left = 0;
  private blanking = false;

  protected step(q: ByteQueue, out: (b: Buffer) => void): boolean {
    const emit = (pieces: Buffer[]) => pieces.forEach(out);
    if (this.state === 'data') {
      const pieces = q.take(Math.min(this.left, q.length));
      this.left -= pieces.reduce((n, p) => n + p.length, 0);
      emit(this.blanking ? zerosLike(pieces) : pieces);
      if (this.left === 0) this.state = 'header';
      return true;
    }
    if (this.state === 'riff') {
      if (q.length < 12) return false;
      const head = q.peek(12);
      const riff = head.toString('latin1', 0, 4) === 'RIFF';
      this.state = riff && head.toString('latin1', 8, 12) === 'WEBP' ? 'header' : 'raw';
      if (this.state === 'header') emit(q.take(12));
      return true;
    }
    if (q.length < 8) return false;
    const header = Buffer.from(q.peek(8));
    const fourcc = header.toString('latin1', 0, 4);
    const size = header.readUInt32LE(4);
    const padded = size + (size & 1);
    if (fourcc === 'VP8X') {
      if (q.length < 8 + padded) return false; // 10 bytes of flags and canvas size
      const chunk = Buffer.concat(q.take(8 + padded));
      if (chunk[8] & (EXIF_FLAG | XMP_FLAG)) this.found = true;
      if (this.strip) chunk[8] &= ~(EXIF_FLAG | XMP_FLAG);
      out(chunk);
      return true;
    }
    q.take(8);
    const metadata = METADATA.has(fourcc);
    this.found ||= metadata;
    this.blanking = metadata && this.strip;
    if (this.blanking) header.write('JUNK', 0, 'latin1');
    out(header);
    this.left = padded;
    this.state = padded > 0 ? 'data' : 'header';
    return true;
  }
}
