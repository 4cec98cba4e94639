import { parse } from 'csv-parse/sync';
import { ImportFormatError } from '../import-record';

/**
 * A CSV file's rows as objects keyed by lower-cased header, or by `fallback` when the first row
 * is data rather than a header (the first cell is not one of the expected names).
 */
export function csvRows(
  text: string,
  fallback: string[],
): { rows: Record<string, string>[]; firstLine: number } {
  let cells: string[][];
  try {
    cells = parse(text.replace(/^\uFEFF/, ''), {
      skip_empty_lines: true,
      relax_column_count: true,
      trim: true,
    });
  } catch (e) {
    throw new ImportFormatError(`not a readable CSV file: ${(e as Error).message}`);
  }
  if (cells.length === 0) return { rows: [], firstLine: 1 };
  const first = cells[0].map((c) => c.toLowerCase());
  const hasHeader = fallback.some((name) => first.includes(name));
  const header = hasHeader ? first : fallback;
  const data = hasHeader ? cells.slice(1) : cells;
  const rows = data.map((row) => Object.fromEntries(header.map((name, i) => [name, row[i] ?? ''])));
  return { rows, firstLine: hasHeader ? 2 : 1 };
}
