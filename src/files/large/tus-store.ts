import { FileStore } from '@tus/file-store';
import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import { truncate } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { Env } from '../../config/env';

/** A refusal in the shape @tus/server answers (status and body). */
export class TusError extends Error {
  constructor(
    readonly status_code: number,
    readonly body: string,
  ) {
    super(body);
  }
}

/** The `Upload-Checksum` of the request being handled (tus checksum extension, sha256 only). */
export const tusChecksum = new AsyncLocalStorage<string | undefined>();

/**
 * Where the parts of resumable uploads wait for their last byte: files under the local storage
 * folder (`.tus/`), appended to in place, so an upload resumes at the offset the store reports.
 * A chunk whose SHA-256 does not match the client's `Upload-Checksum` is cut off again (460).
 */
export class TusStore extends FileStore {
  constructor(env: Env) {
    super({ directory: join(env.STORAGE_LOCAL_DIR, '.tus') });
    this.extensions = [...this.extensions, 'checksum'];
  }

  override async write(
    readable: IncomingMessage | Readable,
    id: string,
    offset: number,
  ): Promise<number> {
    const expected = tusChecksum.getStore();
    if (expected === undefined) return super.write(readable, id, offset);
    const hash = createHash('sha256');
    const hashing = new Transform({
      transform(chunk: Buffer, _enc, done) {
        hash.update(chunk);
        done(null, chunk);
      },
    });
    readable.on('error', (e) => hashing.destroy(e));
    const written = await super.write(readable.pipe(hashing), id, offset);
    if (hash.digest('base64') !== expected) {
      await truncate(join(this.directory, id), offset);
      throw new TusError(460, 'Checksum Mismatch');
    }
    return written;
  }
}
