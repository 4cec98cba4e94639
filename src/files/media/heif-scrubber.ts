import type { ByteQueue } from './byte-queue';
import { FormatParser } from './format-scrubber';

/** A `meta` box larger than this is not read (phones write a few KiB; ICC profiles ~4 KiB). */
const MAX_META_BYTES = 4 * 1024 * 1024;
/** What a metadata item's type becomes: a type no reader knows, so every reader skips it. */
const HIDDEN_TYPE = 'lnKd';

interface Box {
  type: string;
  /** Where its contents start and it ends, in the buffer read. */
  start: number;
  end: number;
}

/** The boxes laid end to end in `b` from `from` to `to`; stops at a malformed one. */
function boxesIn(b: Buffer, from: number, to: number): Box[] {
  const out: Box[] = [];
  for (let at = from; at + 8 <= to;) {
    const size = b.readUInt32BE(at);
    if (size < 8 || at + size > to) break;
    out.push({ type: b.toString('latin1', at + 4, at + 8), start: at + 8, end: at + size });
    at += size;
  }
  return out;
}

/** A big-endian unsigned number of 0, 4 or 8 bytes. */
function uint(b: Buffer, at: number, size: number): number {
  if (size === 4) return b.readUInt32BE(at);
  if (size === 8) return Number(b.readBigUInt64BE(at));
  return 0;
}

/**
 * HEIC, HEIF and AVIF (ISO base media files), box by box: the `meta` box (before the pixels, as
 * phones write it) is read whole; its EXIF and XMP items are given a type no reader knows and
 * their bytes, wherever `iloc` puts them (in `idat`, or further on in `mdat`), become zeros.
 * Nothing changes size, so every offset in the file stays right. A `meta` box after the pixels
 * (allowed, never seen from a camera) is passed as it is.
 */
export class HeifScrubber extends FormatParser {
  protected state: 'box' | 'skip' | 'meta' | 'tail' | 'raw' = 'box';
  /** Absolute offset of the next byte to emit. */
  private at = 0;
  private left = 0;
  private metaSize = 0;
  /** Absolute [start, end) ranges to zero. */
  private blank: [number, number][] = [];

  protected step(q: ByteQueue, out: (b: Buffer) => void): boolean {
    if (this.state === 'skip' || this.state === 'tail') {
      const n = this.state === 'skip' ? Math.min(this.left, q.length) : q.length;
      for (const piece of q.take(n)) out(this.blanked(piece));
      this.left -= n;
      if (this.state === 'skip' && this.left === 0) this.state = 'box';
      return true;
    }
    if (this.state === 'meta') {
      if (q.length < this.metaSize) return false;
      const meta = Buffer.concat(q.take(this.metaSize));
      this.readMeta(meta);
      out(this.blanked(meta));
      this.state = 'tail';
      return true;
    }
    if (q.length < 8) return false;
    const head = q.peek(Math.min(q.length, 16));
    const size32 = head.readUInt32BE(0);
    const type = head.toString('latin1', 4, 8);
    if (this.at === 0 && type !== 'ftyp') {
      this.state = 'raw';
      return true;
    }
    if (size32 === 1 && head.length < 16) return false;
    const size = size32 === 1 ? Number(head.readBigUInt64BE(8)) : size32;
    if (size32 === 0 || size < 8) {
      this.state = 'tail'; // the last box, to the end of the file: nothing more to read
      return true;
    }
    if (type === 'meta' && size <= MAX_META_BYTES) {
      this.state = 'meta';
      this.metaSize = size;
      return true;
    }
    if (type === 'meta' || type === 'mdat') {
      this.state = 'tail'; // no metadata items known before the pixels: none to find after them
      return true;
    }
    this.state = 'skip';
    this.left = size;
    return true;
  }

  /** The piece, starting at `this.at`, with the metadata's ranges in it zeroed. */
  private blanked(piece: Buffer): Buffer {
    const start = this.at;
    this.at += piece.length;
    if (!this.strip) return piece;
    let copy: Buffer | null = null;
    for (const [from, to] of this.blank) {
      const a = Math.max(from, start);
      const b = Math.min(to, this.at);
      if (a >= b) continue;
      copy ??= Buffer.from(piece);
      copy.fill(0, a - start, b - start);
    }
    return copy ?? piece;
  }

  /** Finds the metadata items of the `meta` box in `b` (at `this.at`), hiding them in place. */
  private readMeta(b: Buffer): void {
    const children = boxesIn(b, 12, b.length); // after the header and the full box's version
    const items = children.find((c) => c.type === 'iinf');
    const hidden = items ? this.hideItems(b, items) : new Set<number>();
    if (hidden.size === 0) return;
    this.found = true;
    const iloc = children.find((c) => c.type === 'iloc');
    const idat = children.find((c) => c.type === 'idat');
    if (iloc) this.locate(b, iloc, hidden, idat ? this.at + idat.start : null);
  }

  /** The ids of the EXIF and XMP items in `iinf`; their types renamed when stripping. */
  private hideItems(b: Buffer, iinf: Box): Set<number> {
    const ids = new Set<number>();
    const version = b[iinf.start];
    const first = iinf.start + 4 + (version === 0 ? 2 : 4);
    for (const infe of boxesIn(b, first, iinf.end).filter((x) => x.type === 'infe')) {
      const v = b[infe.start];
      if (v < 2) continue; // versions 0 and 1 have no item type
      const idSize = v === 2 ? 2 : 4;
      const id = idSize === 2 ? b.readUInt16BE(infe.start + 4) : b.readUInt32BE(infe.start + 4);
      const typeAt = infe.start + 4 + idSize + 2;
      const type = b.toString('latin1', typeAt, typeAt + 4);
      const rest = b.toString('latin1', typeAt + 4, infe.end).split('\0');
      const xmp = type === 'mime' && rest[1] === 'application/rdf+xml';
      if (type !== 'Exif' && !xmp) continue;
      ids.add(id);
      if (this.strip) b.write(HIDDEN_TYPE, typeAt, 'latin1');
    }
    return ids;
  }

  /** Adds the byte ranges `iloc` gives the items `ids` to the ranges to zero. */
  private locate(b: Buffer, iloc: Box, ids: Set<number>, idatAt: number | null): void {
    const version = b[iloc.start];
    let p = iloc.start + 4;
    const offsetSize = b[p] >> 4;
    const lengthSize = b[p] & 15;
    const baseSize = b[p + 1] >> 4;
    const indexSize = version > 0 ? b[p + 1] & 15 : 0;
    p += 2;
    const wide = version === 2;
    const count = wide ? b.readUInt32BE(p) : b.readUInt16BE(p);
    p += wide ? 4 : 2;
    for (let i = 0; i < count && p < iloc.end; i++) {
      const id = wide ? b.readUInt32BE(p) : b.readUInt16BE(p);
      p += wide ? 4 : 2;
      const method = version > 0 ? b.readUInt16BE(p) & 15 : 0;
      p += version > 0 ? 2 : 0;
      p += 2; // data reference index
      const base = uint(b, p, baseSize);
      p += baseSize;
      const extents = b.readUInt16BE(p);
      p += 2;
      for (let e = 0; e < extents; e++) {
        p += indexSize;
        const offset = uint(b, p, offsetSize);
        const length = uint(b, p + offsetSize, lengthSize);
        p += offsetSize + lengthSize;
        if (!ids.has(id) || length === 0) continue;
        const origin = method === 0 ? 0 : method === 1 ? idatAt : null;
        if (origin !== null)
          this.blank.push([origin + base + offset, origin + base + offset + length]);
      }
    }
  }
}
