import type { Tx } from '../database/unit-of-work';
import type { LinkInput } from '../links/link-input';

/** How FilesService.persist writes a stored file's record. */
export interface PersistOptions {
  /** SM.MS v2: unique per account (image_repeated). */
  dedupe?: boolean;
  /** The bytes were counted against the quota already (a resumable upload's reservation). */
  reserved?: boolean;
  /** Link fields beyond the upload form's (a resumable upload's title, password, expiry). */
  link?: Pick<
    LinkInput,
    'title' | 'password' | 'passwordHash' | 'expireAt' | 'unfurl' | 'maxVisits'
  >;
  /** More writes in the same transaction, given the new file's id. */
  inTransaction?: (tx: Tx, fileId: number) => Promise<void>;
}
