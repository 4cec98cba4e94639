import { crc32 } from 'node:zlib';
import type { ByteQueue } from './byte-queue';
import { FormatParser, zerosLike } from './format-scrubber';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** EXIF, and text chunks (where XMP, authors, GPS comments live). */
const METADATA = new Set(['eXIf', 'tEXt', 'zTXt', 'iTXt']);
/**
 * What a metadata chunk becomes: a private, ancillary, safe-to-copy type no decoder knows, so
 * every decoder skips it; its data zeros, its CRC right.
 */
const BLANK = 'lnKd';

/** PNG, chunk by chunk: metadata chunks are blanked in place, data after IEND zeroed. */
export class PngScrubber extends FormatParser {
  protected state: 'signature' | 'header' | 'data' | 'crc' | 'trailer' | 'raw' = 'signature';
  private left = 0;
  private blanking = false;
  private crc = 0;
  private type = '';

  protected step(q: ByteQueue, out: (b: Buffer) => void): boolean {
    const emit = (pieces: Buffer[]) => pieces.forEach(out);
    switch (this.state) {
      case 'signature':
        if (q.length < 8) return false;
        this.state = q.peek(8).equals(SIGNATURE) ? 'header' : 'raw';
        if (this.state === 'header') emit(q.take(8));
        return true;
      case 'header': {
        if (q.length < 8) return false;
        const header = Buffer.from(q.peek(8));
        this.left = header.readUInt32BE(0);
        this.type = header.toString('latin1', 4, 8);
        if (this.left > 0x7fffffff) {
          this.state = 'raw';
          return true;
        }
        q.take(8);
        const metadata = METADATA.has(this.type);
        this.found ||= metadata;
        this.blanking = metadata && this.strip;
        if (this.blanking) {
          header.write(BLANK, 4, 'latin1');
          this.crc = crc32(Buffer.from(BLANK, 'latin1'));
        }
        out(header);
        this.state = this.left > 0 ? 'data' : 'crc';
        return true;
      }
      case 'data': {
        const pieces = q.take(Math.min(this.left, q.length));
        this.left -= pieces.reduce((n, p) => n + p.length, 0);
        if (this.blanking) {
          const zeros = zerosLike(pieces);
          for (const z of zeros) this.crc = crc32(z, this.crc);
          emit(zeros);
        } else {
          emit(pieces);
        }
        if (this.left === 0) this.state = 'crc';
        return true;
      }
      default: {
        if (q.length < 4) return false;
        const crc = q.take(4);
        if (this.blanking) {
          const mine = Buffer.alloc(4);
          mine.writeUInt32BE(this.crc >>> 0);
          out(mine);
        } else {
          emit(crc);
        }
        this.state = this.type === 'IEND' ? 'trailer' : 'header';
        return true;
      }
    }
  }
}
