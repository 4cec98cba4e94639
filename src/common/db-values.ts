/**
 * Raw query values to JS. SQLite hands back TypeORM's UTC `YYYY-MM-DD HH:MM:SS.SSS` strings and
 * mysql2 may hand back BIGINTs as strings; entities get this from TypeORM, raw rows from here.
 */
export function toDate(v: Date | string | null): Date | null {
  if (v === null || v instanceof Date) return v;
  return new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(v) ? v : `${v.replace(' ', 'T')}Z`);
}

/** A time as a raw query parameter: mysql2 takes a Date; SQLite compares TypeORM's UTC text. */
export const toDbTime = (d: Date, mysql: boolean): Date | string =>
  mysql ? d : d.toISOString().slice(0, 23).replace('T', ' ');

export const toNumber = (v: number | string): number => (typeof v === 'number' ? v : Number(v));

/** The new row's id from the driver's raw answer: mysql2's insertId, better-sqlite3's rowid. */
export function insertedId(raw: unknown): number {
  const id =
    typeof raw === 'object' && raw !== null ? (raw as { insertId?: unknown }).insertId : raw;
  if (id === undefined || id === null) throw new Error('the database gave no id for the new row');
  return Number(id);
}
