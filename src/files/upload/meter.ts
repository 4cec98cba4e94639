import { fileTooLarge, quotaExceeded, UploadRoom } from '../../auth/plans/plan-limits';
import { createHash, randomBytes } from 'node:crypto';
import { Readable, Transform } from 'node:stream';
import { DomainError } from '../../common/errors/domain-error';
import { randomSlug } from '../../common/slug';
import { Storage, storageKey } from '../storage/storage';
import { cleanFilename } from './filename';
import { dimensions, HEAD_BYTES, sniff } from './sniff';
import { scrubberFor } from '../media/metadata-scrubber';
import { hashing } from './hashing';

/** What the meter enforces as bytes arrive: the plan's per-file limit, the quota left. */
export type UploadLimits = UploadRoom;

export interface ReceivedFile {
  filename: string;
  storename: string;
  /** `/<yyyy>/<mm>/<dd>/<random>/<storename>`; the storage key is this without the first slash. */
  path: string;
  mime: string;
  size: number;
  /** Of the bytes as stored. */
  sha256: string;
  /** Of the bytes as uploaded (differs when metadata was stripped). */
  uploadSha256: string;
  /** Identifying metadata the uploader asked to keep was kept. */
  keptMetadata: boolean;
  width: number;
  height: number;
  /** Where the bytes are, when not under the record's own path. */
  storageKey?: string;
  /**
   * Whose the bytes at storageKey are: another record's (a fast upload), or the resumable-upload
   * store's until the record commits (kept if it fails, so the upload can be completed again).
   */
  keyOwner?: 'shared' | 'store';
  /** Set once its record is committed: from then on the record owns the bytes. */
  committed?: boolean;
}

/**
 * Streams one file into storage while counting, hashing and sniffing it. Limits are enforced as
 * the bytes arrive; on any failure (a limit, an empty file, a broken stream) nothing is left in
 * storage and the promise rejects.
 */
export async function meterIntoStorage(
  stream: Readable,
  clientName: string | undefined,
  storage: Storage,
  limits: UploadLimits,
  stripMetadata: boolean,
): Promise<ReceivedFile> {
  const { chunks, ended } = await readHead(stream, 4100);
  const type = await sniff(Buffer.concat(chunks));
  const storename = `${randomSlug(16)}.${type.ext}`;
  const path = newFilePath(storename);
  // A photo's identifying metadata is stripped (or only looked for) on its way to storage.
  const scrubber = scrubberFor(type.mime, stripMetadata);

  const hash = createHash('sha256');
  const headChunks: Buffer[] = [];
  let headSize = 0;
  let size = 0;
  const meter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      size += chunk.length;
      if (size > limits.maxFileBytes) return done(fileTooLarge(limits.maxFileBytes));
      if (size > limits.quotaLeft) return done(quotaExceeded());
      hash.update(chunk);
      if (headSize < HEAD_BYTES) {
        headChunks.push(chunk);
        headSize += chunk.length;
      }
      done(null, chunk);
    },
  });
  stream.on('error', (e) => meter.destroy(e));
  // A limit can trip before storage attaches; storage still sees the error (the stream is errored).
  meter.on('error', () => undefined);
  for (const c of chunks) meter.write(c);
  if (ended) meter.end();
  else stream.pipe(meter);

  const stored = scrubber ? hashing(meter.pipe(scrubber)) : null;
  scrubber?.on('error', () => undefined);
  meter.on('error', (e) => stored?.body.destroy(e));
  await storage.put(storageKey(path), stored?.body ?? meter, type.mime);
  if (size === 0) {
    await storage.delete(storageKey(path));
    throw new DomainError(400, 'empty_file', 'The file is empty');
  }
  return {
    filename: cleanFilename(clientName),
    storename,
    path,
    mime: type.mime,
    size,
    ...hashesOf(hash.digest('hex'), stored?.digest() ?? null),
    keptMetadata: !stripMetadata && (scrubber?.found ?? false),
    ...dimensions(Buffer.concat(headChunks).subarray(0, HEAD_BYTES), type.mime),
  };
}

/** The stored bytes' hash beside the uploaded bytes' one. */
const hashesOf = (uploaded: string, stored: string | null) => ({
  sha256: stored ?? uploaded,
  uploadSha256: uploaded,
});

/** The first `n` bytes (or all, if fewer), leaving the stream paused after them. */
function readHead(stream: Readable, n: number): Promise<{ chunks: Buffer[]; ended: boolean }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let total = 0;
    const done = (ended: boolean) => {
      stream.off('data', onData).off('end', onEnd).off('error', reject);
      resolve({ chunks, ended });
    };
    const onData = (c: Buffer) => {
      chunks.push(c);
      total += c.length;
      if (total >= n) {
        stream.pause();
        done(false);
      }
    };
    const onEnd = () => done(true);
    stream.on('data', onData).on('end', onEnd).on('error', reject);
  });
}

const datePath = (d: Date) =>
  `${d.getUTCFullYear()}/${String(d.getUTCMonth() + 1).padStart(2, '0')}/${String(d.getUTCDate()).padStart(2, '0')}`;

/** A new record's public path: `/<yyyy>/<mm>/<dd>/<random>/<storename>`. */
export const newFilePath = (storename: string) =>
  `/${datePath(new Date())}/${randomBytes(6).toString('hex')}/${storename}`;
