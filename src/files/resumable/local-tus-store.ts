import { FileStore } from '@tus/file-store';
import { ERRORS } from '@tus/server';
import { createWriteStream } from 'node:fs';
import { truncate } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { isStorageFull } from '../../common/errors/storage-full';
import { Env } from '../../config/env';
import { WRITE_BUFFER } from '../storage/local.storage';
import { Storage } from '../storage/storage';
import { adoptIntoStorage } from '../upload/adopt-file';
import { CachedUploadInfos } from './cached-upload-infos';
import { ArrivalHashes, checksumMismatch, TusError } from './arrival-hashes';
import { LargeUploadStore } from './large-upload-store';

/**
 * Parts of resumable uploads as files under the local storage folder (`.tus/`), appended to in
 * place, so an upload resumes at the offset the store reports. A chunk whose SHA-256 does not
 * match the client's `Upload-Checksum` is cut off again (460). On the last byte the storage
 * driver adopts the file (a hard link on local disk, a stream to S3).
 */
export class LocalTusStore extends FileStore implements LargeUploadStore {
  private readonly hashes = new ArrivalHashes();

  constructor(
    env: Env,
    private readonly storage: Storage,
  ) {
    const directory = join(env.STORAGE_LOCAL_DIR, '.tus');
    super({
      directory,
      configstore: new CachedUploadInfos(directory),
      // tus's expiration extension: Upload-Expires on creation and on every PATCH.
      expirationPeriodInMilliseconds: env.UPLOAD_SESSION_HOURS * 3_600_000,
    });
    this.extensions = [...this.extensions, 'checksum'];
  }

  get tus(): this {
    return this;
  }

  toStored(id: string, clientName: string, size: number) {
    const path = join(this.directory, id);
    return adoptIntoStorage(path, clientName, this.storage, this.hashes.digestOf(id, size));
  }

  release(id: string): Promise<void> {
    return this.remove(id);
  }

  override async remove(id: string): Promise<void> {
    this.hashes.forget(id);
    await super.remove(id);
  }

  override async write(
    readable: IncomingMessage | Readable,
    id: string,
    offset: number,
  ): Promise<number> {
    const chunk = this.hashes.begin(readable, id, offset);
    let written: number;
    try {
      written = await this.append(chunk.stream, id, offset);
    } catch (e) {
      chunk.settle(undefined);
      throw e;
    }
    if (!chunk.matches()) {
      // Cut back to where the chunk began: the running hash, not yet settled, still fits.
      await truncate(join(this.directory, id), offset);
      throw checksumMismatch();
    }
    chunk.settle(written);
    return written;
  }

  /** FileStore.write with room for WRITE_BUFFER bytes in flight; the new end of the part. */
  private async append(stream: Readable, id: string, offset: number): Promise<number> {
    const out = createWriteStream(join(this.directory, id), {
      flags: 'r+',
      start: offset,
      highWaterMark: WRITE_BUFFER,
    });
    try {
      await pipeline(stream, out);
    } catch (e) {
      // What was written stays, and the upload resumes from there once the disk has room.
      if (isStorageFull(e)) throw e;
      const { status_code, body } = ERRORS.FILE_WRITE_ERROR;
      throw new TusError(status_code, body);
    }
    return offset + out.bytesWritten;
  }
}
