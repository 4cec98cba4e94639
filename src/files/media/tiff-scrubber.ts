import type { ByteQueue } from './byte-queue';
import { FormatParser } from './format-scrubber';

/**
 * TIFFs held whole at most. A TIFF's directories point at each other and at their values
 * anywhere in the file (libtiff writes them after the pixels), so it is read whole; a larger one
 * passes as it is (known-limits.md).
 */
export const TIFF_HELD_AT_MOST = 64 * 1024 * 1024;

/** Entries that could identify someone, removed from every image directory. */
const IDENTIFYING = new Set([
  269, // DocumentName
  270, // ImageDescription
  271, // Make
  272, // Model
  285, // PageName
  305, // Software
  306, // DateTime
  315, // Artist
  316, // HostComputer
  700, // XMP
  33432, // Copyright
  33723, // IPTC
  34377, // Photoshop (IPTC inside)
  34665, // the EXIF directory (serial numbers, owner, maker notes)
  34853, // the GPS directory
  40965, // the interoperability directory
  50708, // DNG: UniqueCameraModel
  50735, // DNG: CameraSerialNumber
]);
/** Entries pointing at directories of their own. */
const DIRECTORIES = new Set([34665, 34853, 40965]);
/** SubIFDs: further images (previews), with entries of their own. */
const SUB_IMAGES = 330;
/** Bytes of one value of each TIFF field type (1-13; 13 is IFD). */
const TYPE_SIZES = [0, 1, 1, 2, 4, 8, 1, 1, 2, 4, 8, 4, 8, 4];
const MAX_DIRECTORIES = 256;

/**
 * TIFF: held whole (up to TIFF_HELD_AT_MOST), then every image directory loses its identifying
 * entries (their values zeroed, the entries taken out), and the EXIF and GPS directories they
 * pointed at are zeroed. The file keeps its size; the pixels and their layout are untouched.
 */
export class TiffScrubber extends FormatParser {
  protected state: 'header' | 'holding' | 'raw' = 'header';

  protected step(q: ByteQueue): boolean {
    if (this.state === 'header') {
      if (q.length < 4) return false;
      const head = q.peek(4).toString('latin1');
      this.state = head === 'II*\0' || head === 'MM\0*' ? 'holding' : 'raw';
      return true;
    }
    // Held until the end; past the bound everything passes as it is.
    if (q.length > TIFF_HELD_AT_MOST) this.state = 'raw';
    return this.state === 'raw';
  }

  override finish(rest: Buffer[], out: (b: Buffer) => void): void {
    if (this.state !== 'holding') return super.finish(rest, out);
    // A copy of its own (Buffer.concat always copies): the pieces it came in stay as they were.
    const tiff = Buffer.concat(rest);
    this.found = new TiffDirectories(tiff, this.strip).scrub();
    out(tiff);
  }
}

/** The image directories of a TIFF held in memory; every read is checked against its length. */
class TiffDirectories {
  private readonly le: boolean;
  private readonly seen = new Set<number>();
  private found = false;

  constructor(
    private readonly b: Buffer,
    private readonly strip: boolean,
  ) {
    this.le = b[0] === 0x49;
  }

  /** Whether anything identifying was there (and, when stripping, is gone). */
  scrub(): boolean {
    if (this.b.length < 8 || this.u16(2) !== 42) return false;
    for (let at = this.u32(4); at > 0 && this.seen.size < MAX_DIRECTORIES;) {
      at = this.scrubImage(at);
    }
    return this.found;
  }

  /** One image's directory; returns where the next image's starts (0: none). */
  private scrubImage(at: number): number {
    const entries = this.entriesAt(at);
    if (!entries) return 0;
    const kept = entries.filter((e) => {
      if (e.tag === SUB_IMAGES) {
        for (const sub of this.values(e)) this.scrubImage(sub);
      }
      if (!IDENTIFYING.has(e.tag)) return true;
      this.found = true;
      if (DIRECTORIES.has(e.tag)) for (const d of this.values(e)) this.zeroDirectory(d);
      this.zeroValue(e);
      return false;
    });
    const next = this.u32(at + 2 + 12 * entries.length);
    if (this.strip && kept.length < entries.length) this.rewrite(at, entries, kept, next);
    return next;
  }

  /** The entries of the directory at `at`, or null when it is not one (or was seen). */
  private entriesAt(at: number): Entry[] | null {
    if (this.seen.has(at) || at + 2 > this.b.length) return null;
    this.seen.add(at);
    const n = this.u16(at);
    if (at + 2 + 12 * n + 4 > this.b.length) return null;
    return Array.from({ length: n }, (_, i) => {
      const e = at + 2 + 12 * i;
      const type = this.u16(e + 2);
      const count = this.u32(e + 4);
      const size = (TYPE_SIZES[type] ?? 0) * count;
      const value = size > 4 ? this.u32(e + 8) : e + 8;
      const inFile = size > 0 && value + size <= this.b.length;
      return {
        tag: this.u16(e),
        bytes: Buffer.from(this.b.subarray(e, e + 12)),
        type,
        count,
        value,
        size: inFile ? size : 0,
      };
    });
  }

  /** The entry's values read as offsets (LONG, IFD or SHORT values). */
  private values(e: Entry): number[] {
    const each = TYPE_SIZES[e.type];
    if (e.size === 0 || ![3, 4, 13].includes(e.type)) return [];
    return Array.from({ length: e.count }, (_, i) =>
      each === 2 ? this.u16(e.value + 2 * i) : this.u32(e.value + 4 * i),
    );
  }

  /** A directory of metadata (EXIF, GPS), its values and the directories it points at: zeros. */
  private zeroDirectory(at: number): void {
    const entries = this.entriesAt(at);
    if (!entries) return;
    for (const e of entries) {
      if (DIRECTORIES.has(e.tag)) for (const d of this.values(e)) this.zeroDirectory(d);
      this.zeroValue(e);
    }
    if (this.strip) this.b.fill(0, at, at + 2 + 12 * entries.length + 4);
  }

  private zeroValue(e: Entry): void {
    if (this.strip && e.size > 0) this.b.fill(0, e.value, e.value + e.size);
  }

  /** The directory with only `kept` of its entries (in order), the freed space zeroed. */
  private rewrite(at: number, entries: Entry[], kept: Entry[], next: number): void {
    this.b.fill(0, at, at + 2 + 12 * entries.length + 4);
    this.w16(at, kept.length);
    kept.forEach((e, i) => e.bytes.copy(this.b, at + 2 + 12 * i));
    this.w32(at + 2 + 12 * kept.length, next);
  }

  private u16(at: number): number {
    if (at + 2 > this.b.length) return 0;
    return this.le ? this.b.readUInt16LE(at) : this.b.readUInt16BE(at);
  }

  private u32(at: number): number {
    if (at + 4 > this.b.length) return 0;
    return this.le ? this.b.readUInt32LE(at) : this.b.readUInt32BE(at);
  }

  private w16(at: number, v: number): void {
    if (this.le) this.b.writeUInt16LE(v, at);
    else this.b.writeUInt16BE(v, at);
  }

  private w32(at: number, v: number): void {
    if (this.le) this.b.writeUInt32LE(v, at);
    else this.b.writeUInt32BE(v, at);
  }
}

interface Entry {
  tag: number;
  /** The entry's 12 bytes as they were. */
  bytes: Buffer;
  type: number;
  count: number;
  /** Where its values are: in the entry (4 bytes or fewer) or at the offset it holds. */
  value: number;
  /** Bytes of its values; 0 when unknown or outside the file. */
  size: number;
}
