import { Injectable, Logger } from '@nestjs/common';
import type { Tx } from '../database/unit-of-work';
import { bytesKeyOf, type StoredFile } from './file.entity';
import { FilesRepository } from './files.repository';
import { Storage, storageKey } from './storage/storage';
import { THUMB_SIZES, thumbKey } from './media/thumbnail-sizes';
import type { ReceivedFile } from './upload/meter';

/**
 * Identical bytes are stored once, whoever uploads them: a new record of bytes already stored
 * (same SHA-256 and size) points at them and its own copy goes once it has committed. Every
 * record still counts its size against its account's quota. Bytes go with their last record.
 */
@Injectable()
export class SharedBytes {
  private readonly logger = new Logger(SharedBytes.name);

  constructor(
    private readonly files: FilesRepository,
    private readonly storage: Storage,
  ) {}

  /**
   * A file of this account uploaded as these bytes (SHA-256 as uploaded) and stored as an upload
   * keeping (or not) its metadata would be, which a new record could share.
   */
  findIdentical(
    accountId: number,
    uploadSha256: string,
    keep: boolean,
  ): Promise<StoredFile | null> {
    return this.files.getUploadedBefore(accountId, uploadSha256, keep);
  }

  /** In a creating transaction: holds the record whose bytes are shared; false if it is gone. */
  lockForSharing(linkId: number, tx: Tx): Promise<boolean> {
    return this.files.lockForSharing(linkId, tx);
  }

  /** In the creating transaction: the storage key the new record uses (null: its own path). */
  async keyFor(file: ReceivedFile, tx: Tx): Promise<string | null> {
    const own = file.storageKey ?? null;
    if (file.keyOwner === 'shared') return own;
    // Locked (MySQL) until commit, so the twin's bytes cannot be deleted meanwhile.
    const twin = await this.files.twinOf(file.sha256, file.size, tx);
    if (!twin) return own;
    tx.afterCommit(() => this.deleteReceived(file));
    return bytesKeyOf(twin);
  }

  /** In the deleting transaction, after the record's row is gone: its bytes, if now unused. */
  async release(key: string, path: string, tx: Tx): Promise<void> {
    if (await this.files.bytesInUse(key, tx)) return;
    // The bytes and their thumbnails (deleting one that was never made is no error).
    const keys = [key, ...THUMB_SIZES.map((size) => thumbKey(key, size))];
    tx.afterCommit(() =>
      Promise.all(keys.map((k) => this.storage.delete(k))).catch((e: Error) =>
        // The record is gone; bytes left behind are only wasted space. Say so for the operator.
        this.logger.warn(`could not delete stored bytes of ${path}: ${e.message}`),
      ),
    );
  }

  /** A received file whose record was not written: its bytes, unless they are not its own. */
  discard(file: ReceivedFile): Promise<void> {
    return file.keyOwner ? Promise.resolve() : this.deleteReceived(file);
  }

  private deleteReceived(file: ReceivedFile): Promise<void> {
    const key = file.storageKey ?? storageKey(file.path);
    return this.storage.delete(key).catch(() => undefined);
  }
}
