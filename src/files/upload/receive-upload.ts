import busboy from 'busboy';
import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { Readable, Transform } from 'node:stream';
import { DomainError } from '../../common/errors/domain-error';
import { randomSlug } from '../../common/slug';
import { Storage } from '../storage/storage';
import { cleanFilename } from './filename';
import { dimensions, HEAD_BYTES, sniff } from './sniff';

/** `file` (the spec), `legacyfile` (its alias), `smfile` (what SM.MS clients send). */
export const FILE_FIELDS = new Set(['file', 'legacyfile', 'smfile']);

export interface UploadLimits {
  /** The plan's per-file limit. */
  maxFileBytes: number;
  /** What is left of the storage quota. */
  quotaLeft: number;
}

export interface ReceivedFile {
  filename: string;
  storename: string;
  /** `/<yyyy>/<mm>/<dd>/<random>/<storename>`; the storage key is this without the first slash. */
  path: string;
  mime: string;
  size: number;
  sha256: string;
  width: number;
  height: number;
}

export interface ReceivedUpload {
  file: ReceivedFile;
  fields: Record<string, string>;
}

const fileTooLarge = (max: number) =>
  new DomainError(413, 'file_too_large', `The file is larger than your plan allows (${max} bytes)`);
const quotaExceeded = () =>
  new DomainError(413, 'quota_exceeded', 'The file does not fit in what is left of your storage');
const bad = (message: string) => new DomainError(400, 'bad_request', message);

/**
 * Streams the one file part of a multipart request into storage while counting, hashing and
 * sniffing it. Limits are enforced as the bytes arrive. On any failure (a limit, a second file,
 * a client that goes away) nothing is left in storage and the promise rejects.
 */
export function receiveUpload(
  req: IncomingMessage,
  storage: Storage,
  limits: UploadLimits,
): Promise<ReceivedUpload> {
  return new Promise((resolve, reject) => {
    const fields: Record<string, string> = {};
    let stored: Promise<ReceivedFile> | undefined;
    let fileStream: Readable | undefined;
    let failure: Error | undefined;
    let bb: busboy.Busboy;
    try {
      bb = busboy({
        headers: req.headers,
        defParamCharset: 'utf8',
        limits: { files: 1, fields: 20, fieldSize: 4096, parts: 25 },
      });
    } catch {
      reject(bad('The body must be multipart/form-data with a boundary'));
      return;
    }
    const fail = (e: Error) => {
      failure ??= e;
    };

    bb.on('field', (name, value) => (fields[name] = value));
    bb.on('file', (name, stream, info) => {
      if (!FILE_FIELDS.has(name)) {
        fail(bad(`Unexpected file field "${name}"; send the file as "file" (or "smfile")`));
        stream.resume();
        return;
      }
      fileStream = stream;
      stored = store(stream, info.filename, storage, limits);
      // A limit hit mid-stream: stop reading the request at once.
      stored.catch((e: Error) => {
        fail(e);
        req.unpipe(bb);
        req.resume();
        finish();
      });
    });
    bb.on('filesLimit', () => fail(bad('Send exactly one file per upload')));
    bb.on('error', () => {
      fail(bad('The multipart body is malformed or incomplete'));
      finish();
    });
    bb.on('close', () => finish());
    // The client went away before the body was complete.
    req.on('close', () => {
      if (!req.complete) {
        const interrupted = bad('The upload was interrupted');
        fail(interrupted);
        // The file stream would wait forever for the rest: end it, so storage cleans up.
        fileStream?.destroy(interrupted);
        finish();
      }
    });

    let finished = false;
    function finish() {
      if (finished) return;
      finished = true;
      const outcome = stored ?? Promise.reject(bad('No file part: send the file as "file"'));
      outcome.then(
        async (file) => {
          if (!failure) return resolve({ file, fields });
          await storage.delete(file.path.slice(1)).catch(() => undefined);
          reject(failure);
        },
        (e: Error) => reject(failure ?? e),
      );
    }

    req.pipe(bb);
  });
}

async function store(
  stream: Readable,
  clientName: string | undefined,
  storage: Storage,
  limits: UploadLimits,
): Promise<ReceivedFile> {
  const { chunks, ended } = await readHead(stream, 4100);
  const head = Buffer.concat(chunks);
  const type = await sniff(head);
  const storename = `${randomSlug(16)}.${type.ext}`;
  const path = `/${datePath(new Date())}/${randomBytes(6).toString('hex')}/${storename}`;

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

  await storage.put(path.slice(1), meter, type.mime);
  if (size === 0) {
    await storage.delete(path.slice(1));
    throw new DomainError(400, 'empty_file', 'The file is empty');
  }
  return {
    filename: cleanFilename(clientName),
    storename,
    path,
    mime: type.mime,
    size,
    sha256: hash.digest('hex'),
    ...dimensions(Buffer.concat(headChunks).subarray(0, HEAD_BYTES), type.mime),
  };
}

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
