import type { Tx } from '../database/unit-of-work';

/**
 * Emitted inside the transaction that writes a resumable upload's file record, when the upload
 * was aimed at a bundle (`bundle_id`): the bundles module adds the file in `tx`, so the file is in
 * its bundle exactly when it exists. Handled with `{ suppressErrors: false }`.
 */
export interface FileJoinsBundle {
  accountId: number;
  bundleId: number;
  fileId: number;
  tx: Tx;
}

export const FILE_JOINS_BUNDLE = 'file.joins-bundle';
