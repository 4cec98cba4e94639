/**
 * Raw query values to JS. SQLite hands back TypeORM's UTC `YYYY-MM-DD HH:MM:SS.SSS` strings and
 * mysql2 may hand back BIGINTs as strings; entities get this from TypeORM, raw rows from here.
 */
export function toDate(v: Date | string | null): Date | null {
  if (v === null || v instanceof Date) return v;
  return new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(v) ? v : `${v.replace(' ', 'T')}Z`);
}

export const toNumber = (v: number | string): number => (typeof v === 'number' ? v : Number(v));
