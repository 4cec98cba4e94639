import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Storage, storageKey } from '../storage/storage';
import type { ReceivedFile } from '../upload/meter';
import { scrubberFor } from './metadata-scrubber';
import { hashing } from '../upload/hashing';

/**
 * A resumable upload's photo, whole in storage once its last byte arrived: stripped of its
 * identifying metadata into the record's own key (or, when keeping it, only looked at).
 * `staged`: where the bytes were, to delete once the record commits (null: nothing left over).
 */
export async function scrubStored(
  storage: Storage,
  file: ReceivedFile,
  strip: boolean,
): Promise<{ file: ReceivedFile; staged: string | null }> {
  const scrubber = scrubberFor(file.mime, strip);
  if (!scrubber) return { file, staged: null };
  const from = file.storageKey ?? storageKey(file.path);
  const source = await storage.read(from);
  if (!strip) {
    // Read through for what it finds; the bytes stay as they are.
    await pipeline(source, scrubber, new Writable({ write: (_chunk, _enc, done) => done() }));
    return { file: { ...file, keptMetadata: scrubber.found }, staged: null };
  }
  source.on('error', (e) => scrubber.destroy(e));
  const stored = hashing(source.pipe(scrubber));
  // Local storage writes a new file and renames it into place: reading the old one is safe.
  await storage.put(storageKey(file.path), stored.body, file.mime);
  const own = { ...file, sha256: stored.digest(), storageKey: undefined, keyOwner: undefined };
  return { file: own, staged: from === storageKey(file.path) ? null : from };
}
