import { FileKvStore, Upload } from '@tus/server';
import { LRUCache } from 'lru-cache';

/**
 * Enough for every upload in progress at once; past it the least recently used are read from disk
 * again.
 */
const KEPT = 10_000;

/**
 * tus's record of each upload (its JSON file beside the part), read from disk once instead of on
 * every PATCH and HEAD: four file operations each time, while the offset comes from the part's
 * own size anyway. A record never changes once its length is known, so only those are kept; one
 * with a deferred length is read each time, as its length may be declared on another instance.
 */
export class CachedUploadInfos extends FileKvStore<Upload> {
  private readonly known = new LRUCache<string, Upload>({ max: KEPT });

  override async get(key: string): Promise<Upload | undefined> {
    const kept = this.known.get(key);
    if (kept) return kept;
    const info = await super.get(key);
    if (info) this.keep(key, info);
    return info;
  }

  override async set(key: string, value: Upload): Promise<void> {
    this.known.delete(key);
    await super.set(key, value);
    this.keep(key, value);
  }

  override async delete(key: string): Promise<void> {
    this.known.delete(key);
    await super.delete(key);
  }

  private keep(key: string, info: Upload): void {
    if (info.size !== undefined) this.known.set(key, info);
  }
}
