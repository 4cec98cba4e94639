import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DomainError } from '../../common/errors/domain-error';
import { randomSlug } from '../../common/slug';
import { Storage, storageKey } from '../storage/storage';
import { cleanFilename } from './filename';
import { newFilePath, ReceivedFile } from './meter';
import { dimensions, HEAD_BYTES, sniff } from './sniff';

const emptyFile = () => new DomainError(400, 'empty_file', 'The file is empty');

/**
 * A finished resumable upload's record fields: the type sniffed from its first bytes (up to
 * HEAD_BYTES), a new path in the date layout.
 */
export async function describeStored(
  head: Buffer,
  size: number,
  sha256: string,
  clientName: string | undefined,
): Promise<ReceivedFile> {
  if (size === 0) throw emptyFile();
  const type = await sniff(head);
  const storename = `${randomSlug(16)}.${type.ext}`;
  return {
    filename: cleanFilename(clientName),
    storename,
    path: newFilePath(storename),
    mime: type.mime,
    size,
    sha256,
    // As uploaded: UploadFinisher strips the metadata of a photo afterwards.
    uploadSha256: sha256,
    keptMetadata: false,
    ...dimensions(head, type.mime),
  };
}

/**
 * A complete local file (a resumable upload's parts) as a stored file: its SHA-256 taken as
 * given (hashed as it arrived) or read once, and the bytes adopted by the storage driver under
 * the record's key without being held in memory.
 */
export async function adoptIntoStorage(
  file: string,
  clientName: string | undefined,
  storage: Storage,
  sha256?: string,
): Promise<ReceivedFile> {
  const { size } = await stat(file);
  if (size === 0) throw emptyFile();
  const head = await readHead(file, Math.min(size, HEAD_BYTES));
  const received = await describeStored(
    head,
    size,
    sha256 ?? (await sha256Of(createReadStream(file))),
    clientName,
  );
  await storage.adopt(storageKey(received.path), file, received.mime);
  return received;
}

async function readHead(file: string, n: number): Promise<Buffer> {
  const handle = await open(file, 'r');
  try {
    const buf = Buffer.alloc(n);
    const { bytesRead } = await handle.read(buf, 0, n, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

export async function sha256Of(bytes: Readable): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(bytes, hash);
  return hash.digest('hex');
}
