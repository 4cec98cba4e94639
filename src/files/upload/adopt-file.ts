import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { DomainError } from '../../common/errors/domain-error';
import { randomSlug } from '../../common/slug';
import { Storage, storageKey } from '../storage/storage';
import { cleanFilename } from './filename';
import { newFilePath, ReceivedFile } from './meter';
import { dimensions, HEAD_BYTES, sniff } from './sniff';

/**
 * A complete local file (a resumable upload's parts) as a stored file: its head sniffed for the
 * type and image size, its SHA-256 taken as given (hashed as it arrived) or read once, and the
 * bytes adopted by the storage driver without being held in memory.
 */
export async function adoptIntoStorage(
  file: string,
  clientName: string | undefined,
  storage: Storage,
  sha256?: string,
): Promise<ReceivedFile> {
  const { size } = await stat(file);
  if (size === 0) throw new DomainError(400, 'empty_file', 'The file is empty');
  const head = await readHead(file, Math.min(size, HEAD_BYTES));
  const type = await sniff(head);
  const storename = `${randomSlug(16)}.${type.ext}`;
  const path = newFilePath(storename);
  const digest = sha256 ?? (await hashFile(file));
  await storage.adopt(storageKey(path), file, type.mime);
  return {
    filename: cleanFilename(clientName),
    storename,
    path,
    mime: type.mime,
    size,
    sha256: digest,
    ...dimensions(head, type.mime),
  };
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

async function hashFile(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex');
}
