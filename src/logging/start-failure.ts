import type { Env } from '../config/env';

interface SystemError {
  code?: string;
  errno?: number;
  syscall?: string;
  path?: string;
  address?: string;
  port?: number;
  message?: string;
}

/** The database's address without its password. */
function databaseOf(env: Pick<Env, 'DB_URL'>): string {
  try {
    const url = new URL(env.DB_URL);
    url.password = '';
    url.username = '';
    return url.href.replace(/\/$/, '');
  } catch {
    return 'the database';
  }
}

const DATABASE_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ER_ACCESS_DENIED_ERROR',
  'ER_BAD_DB_ERROR',
  'ER_DBACCESS_DENIED_ERROR',
]);

/**
 * Why the service could not start, in one line a person can act on (no stack trace): a port
 * taken or not allowed, a folder it cannot write, a database it cannot reach. Anything else is
 * the error's own message, still one line.
 */
export function describeStartFailure(
  e: unknown,
  env: Pick<Env, 'PORT' | 'HOST' | 'DB_URL'>,
): string {
  const err = (e ?? {}) as SystemError;
  const where = `${env.HOST}:${env.PORT}`;
  if (err.code === 'EADDRINUSE') {
    return `Port ${env.PORT} is taken (${where}): stop the program using it, or set PORT to a free one (PUBLIC_URL follows PORT unless it is set).`;
  }
  if (err.code === 'EACCES' && err.syscall === 'listen') {
    return `Port ${env.PORT} needs privileges this user does not have: set PORT to 1024 or above and put a proxy in front.`;
  }
  if ((err.code === 'EACCES' || err.code === 'EROFS' || err.code === 'EPERM') && err.path) {
    return `Cannot write to ${err.path}: give this user write access to it, or point DB_URL and STORAGE_LOCAL_DIR at a folder it can write (now: ${err.code}).`;
  }
  if (err.code === 'SQLITE_CANTOPEN') {
    return `Cannot open the SQLite database of DB_URL (${env.DB_URL}): check that its folder exists and this user can write it.`;
  }
  if (err.code && DATABASE_CODES.has(err.code)) {
    return `Cannot reach the database at ${databaseOf(env)} (${err.code}): start it, or check DB_URL.`;
  }
  const message = e instanceof Error ? e.message : String(e);
  return `Linkdrop could not start: ${message.split('\n')[0]}`;
}
