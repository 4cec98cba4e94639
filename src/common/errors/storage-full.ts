import { DomainError } from './domain-error';
import { errorCode } from './error-code';

/** No room left: the disk (a file's bytes, SQLite's file), a user's disk quota, MySQL's table. */
const CODES = new Set(['ENOSPC', 'EDQUOT', 'SQLITE_FULL', 'ER_RECORD_FILE_FULL']);

export function isStorageFull(e: unknown): boolean {
  return CODES.has(errorCode(e));
}

/** A 507: the operator must make room; what was stored before is kept (a tus upload resumes). */
export const storageFull = () =>
  new DomainError(
    507,
    'insufficient_storage',
    'The server has run out of storage space; try again once it has room',
  );
