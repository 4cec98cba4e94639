import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';

export interface ByteRange {
  start: number;
  /** Inclusive, as in HTTP. */
  end: number;
}

/**
 * Where file bytes live. Keys are the record's path without its leading slash. `put` streams:
 * nothing is held whole in memory, and a failed or aborted put leaves nothing behind.
 */
export abstract class Storage {
  abstract put(key: string, body: Readable, contentType: string): Promise<void>;
  abstract read(key: string, range?: ByteRange): Promise<Readable>;
  abstract delete(key: string): Promise<void>;
  /** Throws when the store cannot take files (readiness). */
  abstract check(): Promise<void>;
  /**
   * Removes what interrupted writes left behind (a process killed mid-upload): partial files,
   * incomplete multipart uploads, older than `olderThanMs`. Answers how many it removed.
   */
  abstract sweepAbandoned(olderThanMs: number): Promise<number>;
  /**
   * A URL the store itself serves the bytes at until `expiresAt`, signed as of `signedAt` (the
   * same moment gives the same URL); null when the store has no such URLs (local disk).
   */
  /**
   * Stores a copy of a local file (a finished resumable upload) under `key`; the file stays.
   * Local storage links it (no second write of the bytes); others stream it.
   */
  async adopt(key: string, file: string, contentType: string): Promise<void> {
    await this.put(key, createReadStream(file), contentType);
  }

  /** The file holding a key's bytes, where the store is a local disk (null elsewhere). */
  localPath(_key: string): string | null {
    return null;
  }

  presignedUrl(_key: string, _signedAt: Date, _expiresAt: Date, _filename: string) {
    return Promise.resolve<string | null>(null);
  }
}

/** The storage key of a record's path (`/2026/11/21/…/x.png` → `2026/11/21/…/x.png`). */
export const storageKey = (path: string): string => path.slice(1);
