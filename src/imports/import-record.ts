/** One link as an export file describes it, before it is checked against this service. */
export interface ImportRecord {
  /** 1-based, in the file's own terms (row, line or item), for the report. */
  at: number;
  url: string;
  slug?: string;
  title?: string;
  tags?: string[];
  expireAt?: Date;
  createdAt?: Date;
  /** All-time visits the old tool counted. */
  visits?: number;
}

export type ImportKind = 'yourls' | 'shlink' | 'kutt' | 'csv';
export const IMPORT_KINDS: ImportKind[] = ['yourls', 'shlink', 'kutt', 'csv'];

/** The file is not what its kind says: nothing is imported. */
export class ImportFormatError extends Error {}

/**
 * A date from an export: ISO 8601, MySQL's `YYYY-MM-DD HH:MM:SS` (taken as UTC) or Unix
 * seconds; unset if empty, an invalid Date (reported for its row) if unreadable.
 */
export function exportDate(value: unknown): Date | undefined {
  const text = exportText(value);
  if (text === undefined) return undefined;
  if (/^\d{9,11}$/.test(text)) return new Date(Number(text) * 1000);
  const mysql = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})?$/.test(text);
  return new Date(mysql ? `${text.replace(' ', 'T')}Z` : text);
}

export function exportCount(value: unknown): number | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const n = Number(value);
  return Number.isSafeInteger(n) && n >= 0 ? n : undefined;
}

/** A cell or field as trimmed text; unset when empty or not a plain value. */
export const exportText = (value: unknown): string | undefined => {
  const plain = typeof value === 'string' || typeof value === 'number';
  const text = plain ? String(value).trim() : '';
  return text === '' ? undefined : text;
};

/** Tags in one cell: `a|b`, `a, b` or `a;b`. */
export const exportTags = (value: unknown): string[] | undefined => {
  const tags = (exportText(value) ?? '')
    .split(/[|;,]/)
    .map((t) => t.trim())
    .filter(Boolean);
  return tags.length ? [...new Set(tags)] : undefined;
};
