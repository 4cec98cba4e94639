const CODES = new Set(['ER_LOCK_DEADLOCK', 'ER_LOCK_WAIT_TIMEOUT', 'SQLITE_BUSY']);

/** A transaction the database gave up on through no fault of its own: running it again may work. */
export function isTransientDbError(e: unknown): boolean {
  const err = e as { code?: string; driverError?: { code?: string } } | null;
  return CODES.has(err?.driverError?.code ?? err?.code ?? '');
}
