import type { DataStore, Upload } from '@tus/server';
import type { ReceivedFile } from '../upload/meter';

/**
 * Where resumable uploads wait for their last byte: local parts files, or the tus S3 store.
 * Both hash bytes as they arrive and refuse a chunk whose `Upload-Checksum` does not match.
 */
export abstract class LargeUploadStore {
  /** The store @tus/server writes through. */
  abstract readonly tus: DataStore;
  abstract create(upload: Upload): Promise<Upload>;
  abstract getUpload(id: string): Promise<Upload>;
  /** The upload ends without a file: all its bytes go. */
  abstract remove(id: string): Promise<void>;
  /**
   * The finished upload as a stored file (type sniffed, SHA-256 as hashed on arrival or read
   * once): its bytes in storage under the record's key (local) or where they are (S3).
   */
  abstract toStored(id: string, clientName: string, size: number): Promise<ReceivedFile>;
  /** The upload's record is committed: what it staged goes, the file's bytes stay. */
  abstract release(id: string): Promise<void>;
}
