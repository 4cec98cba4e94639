import type { ByteQueue } from './byte-queue';

/** Zeros, as many as `pieces` hold. */
export const zerosLike = (pieces: Buffer[]) => pieces.map((p) => Buffer.alloc(p.length));

type State = 'raw' | 'trailer' | (string & {});

/**
 * One image format's parser: it reads the stream as it comes, passes through what is not
 * metadata, and overwrites in place what could identify someone (EXIF with its GPS position,
 * serial numbers and owner names, XMP, IPTC, comments, data after the image), so the file keeps
 * its size and structure and nothing is ever held whole. Bytes that are not what their header
 * promised pass as they are (`raw`); what follows the image's end (`trailer`) is metadata at best.
 */
export abstract class FormatParser {
  /** Something that could identify someone was seen (and overwritten, when stripping). */
  found = false;
  protected abstract state: State;

  constructor(protected readonly strip: boolean) {}

  /** Handles what it can of `q`, emitting through `out`; returns when it needs more bytes. */
  feed(q: ByteQueue, out: (b: Buffer) => void): void {
    while (q.length > 0) {
      if (this.state === 'raw') return q.takeAll().forEach(out);
      if (this.state === 'trailer') {
        const rest = q.takeAll();
        this.found = true;
        return (this.strip ? zerosLike(rest) : rest).forEach(out);
      }
      if (!this.step(q, out)) return;
    }
  }

  /** The stream ended with `rest` not handled: a file cut short, its remnant zeroed when stripping. */
  finish(rest: Buffer[], out: (b: Buffer) => void): void {
    (this.strip ? zerosLike(rest) : rest).forEach(out);
  }

  /** Handles the next part of `q` (not empty); false when it needs more bytes. */
  protected abstract step(q: ByteQueue, out: (b: Buffer) => void): boolean;
}
