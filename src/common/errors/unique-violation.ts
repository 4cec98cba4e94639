const CODES = new Set(['ER_DUP_ENTRY', 'SQLITE_CONSTRAINT_UNIQUE', 'SQLITE_CONSTRAINT_PRIMARYKEY']);

/** A unique index refused the write (MySQL and SQLite name it differently). */
export function isUniqueViolation(e: unknown): boolean {
  const err = e as { code?: string; driverError?: { code?: string } } | null;
  return CODES.has(err?.driverError?.code ?? err?.code ?? '');
}
