import { errorCode } from './error-code';

const CODES = new Set(['ER_DUP_ENTRY', 'SQLITE_CONSTRAINT_UNIQUE', 'SQLITE_CONSTRAINT_PRIMARYKEY']);

/** A unique index refused the write (MySQL and SQLite name it differently). */
export function isUniqueViolation(e: unknown): boolean {
  return CODES.has(errorCode(e));
}
