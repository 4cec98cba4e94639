import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash, Hash } from 'node:crypto';
import { Readable, Transform } from 'node:stream';

/** A refusal in the shape @tus/server answers (status and body). */
export class TusError extends Error {
  constructor(
    readonly status_code: number,
    readonly body: string,
  ) {
    super(body);
  }
}

export const checksumMismatch = () => new TusError(460, 'Checksum Mismatch');

/** The `Upload-Checksum` of the request being handled (tus checksum extension, sha256 only). */
export const tusChecksum = new AsyncLocalStorage<string | undefined>();

/** The SHA-256 of an upload's bytes so far, and how many that is. */
interface Running {
  hash: Hash;
  offset: number;
}

/** One PATCH's bytes on their way to a store. */
export interface ArrivingChunk {
  /** What the store writes: the request's bytes, hashed as they pass. */
  stream: Readable;
  /** Whether the bytes match the client's `Upload-Checksum` (true when it sent none). */
  matches(): boolean;
  /** After the write: `written` keeps the running hash when every byte passed was stored. */
  settle(written: number | undefined): void;
}

/**
 * The SHA-256 of each upload, taken as its bytes arrive, so the whole file's is ready at the
 * last byte. A gap (a restart, or a chunk that went to another instance) drops it; the file is
 * then hashed once at the end instead.
 */
export class ArrivalHashes {
  private readonly running = new Map<string, Running>();

  /** The SHA-256 (hex) of all `size` bytes, when they were all hashed as they arrived. */
  digestOf(id: string, size: number): string | undefined {
    const r = this.running.get(id);
    return r && r.offset === size ? r.hash.copy().digest('hex') : undefined;
  }

  forget(id: string): void {
    this.running.delete(id);
  }

  begin(readable: Readable, id: string, offset: number): ArrivingChunk {
    const expected = tusChecksum.getStore();
    const chunkHash = expected === undefined ? undefined : createHash('sha256');
    let running = this.running.get(id);
    if (offset === 0) this.running.set(id, (running = { hash: createHash('sha256'), offset: 0 }));
    const whole = running?.offset === offset ? running.hash.copy() : undefined;
    let seen = 0;
    const stream = new Transform({
      transform(chunk: Buffer, _enc, done) {
        chunkHash?.update(chunk);
        whole?.update(chunk);
        seen += chunk.length;
        done(null, chunk);
      },
    });
    readable.on('error', (e) => stream.destroy(e));
    readable.pipe(stream);
    return {
      stream,
      matches: () => !chunkHash || chunkHash.digest('base64') === expected,
      settle: (written) => {
        if (whole && written !== undefined && written - offset === seen) {
          this.running.set(id, { hash: whole, offset: written });
        } else this.running.delete(id);
      },
    };
  }
}
