import { ImportFormatError } from '../import-record';

/**
 * The rows of every `INSERT INTO <table> [(cols)] VALUES (...),(...);` in a mysqldump file whose
 * table name ends with `suffix` (YOURLS tables carry a prefix of the operator's choosing).
 * Values are strings (with mysqldump's backslash escapes), numbers or NULL.
 */
export function sqlInsertRows(
  sql: string,
  suffix: string,
  defaultColumns: string[],
): Record<string, string | null>[] {
  const rows: Record<string, string | null>[] = [];
  const insert = /INSERT\s+(?:IGNORE\s+)?INTO\s+[`"]?(\w+)[`"]?\s*(\(([^)]*)\))?\s*VALUES\s*/gi;
  let m: RegExpExecArray | null;
  while ((m = insert.exec(sql))) {
    const table = m[1].toLowerCase();
    const columns = m[3]
      ? m[3].split(',').map((c) => c.trim().replace(/[`"]/g, '').toLowerCase())
      : defaultColumns;
    const { tuples, end } = readTuples(sql, insert.lastIndex);
    insert.lastIndex = end;
    if (!table.endsWith(suffix)) continue;
    for (const t of tuples) rows.push(Object.fromEntries(columns.map((c, i) => [c, t[i] ?? null])));
  }
  return rows;
}

const BARE = /[^,)]*/y;
const ESCAPES: Record<string, string> = { n: '\n', r: '\r', t: '\t', '0': '\0', Z: '\x1a' };

/** `(a,'b',NULL),(…)` up to the closing `;`. */
function readTuples(sql: string, from: number): { tuples: (string | null)[][]; end: number } {
  const tuples: (string | null)[][] = [];
  let i = from;
  const fail = (): never => {
    throw new ImportFormatError(`unreadable INSERT values near "${sql.slice(i, i + 40)}"`);
  };
  /** A quoted string from i (at its quote): backslash escapes, and '' for a quote. */
  const readString = (): string => {
    let value = '';
    for (i++; ;) {
      if (i >= sql.length) fail();
      const c = sql[i];
      if (c === '\\') {
        value += ESCAPES[sql[i + 1]] ?? sql[i + 1];
        i += 2;
      } else if (c === "'" && sql[i + 1] === "'") {
        value += "'";
        i += 2;
      } else if (c === "'") {
        i++;
        return value;
      } else {
        value += c;
        i++;
      }
    }
  };
  for (;;) {
    while (/\s/.test(sql[i] ?? '')) i++;
    if (sql[i] !== '(') fail();
    i++;
    const tuple: (string | null)[] = [];
    for (;;) {
      while (/\s/.test(sql[i] ?? '')) i++;
      if (sql[i] === "'") {
        tuple.push(readString());
      } else {
        BARE.lastIndex = i;
        const raw = BARE.exec(sql)![0];
        i += raw.length;
        const word = raw.trim();
        tuple.push(word.toUpperCase() === 'NULL' ? null : word);
      }
      while (/\s/.test(sql[i] ?? '')) i++;
      if (sql[i] === ',') i++;
      else if (sql[i] === ')') break;
      else fail();
    }
    i++;
    tuples.push(tuple);
    while (/\s/.test(sql[i] ?? '')) i++;
    if (sql[i] === ',') i++;
    else if (sql[i] === ';' || i >= sql.length) return { tuples, end: i + 1 };
    else fail();
  }
}
