import { errorCode } from './error-code';

const CODES = new Set(['ER_LOCK_DEADLOCK', 'ER_LOCK_WAIT_TIMEOUT', 'SQLITE_BUSY']);

/** A transaction the database gave up on through no fault of its own: running it again may work. */
export function isTransientDbError(e: unknown): boolean {
  return CODES.has(errorCode(e));
}

/** SQLite's write lock stayed taken past the wait (see sqlite-write-lock.ts): not tried again. */
export const LOCK_WAIT_TIMEOUT = 'WRITE_LOCK_TIMEOUT';

const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'PROTOCOL_CONNECTION_LOST',
  'PROTOCOL_SEQUENCE_TIMEOUT',
  'ER_CON_COUNT_ERROR',
  'ER_SERVER_SHUTDOWN',
  'SQLITE_BUSY',
  LOCK_WAIT_TIMEOUT,
  'SQLITE_CANTOPEN',
  'SQLITE_IOERR',
]);
const UNAVAILABLE_NAMES = new Set(['CannotExecuteNotConnectedError', 'ConnectionIsNotSetError']);

/** The database cannot be reached (down, restarting, closed, pool exhausted): a 503, not a 500. */
export function isDatabaseUnavailable(e: unknown): boolean {
  const err = e as { name?: string; message?: string };
  if (!err || typeof err !== 'object') return false;
  return (
    UNAVAILABLE_CODES.has(errorCode(e)) ||
    UNAVAILABLE_NAMES.has(err.name ?? '') ||
    /database connection is not open|Connection is not established|Pool is closed|connect ETIMEDOUT|Connection lost/i.test(
      err.message ?? '',
    )
  );
}
