import {
  exportCount,
  exportDate,
  exportText,
  ImportFormatError,
  ImportRecord,
} from '../import-record';
import { csvRows } from './csv-rows';
import { sqlInsertRows } from './sql-inserts';

/** YOURLS's `<prefix>url` table: keyword, url, title, timestamp, ip, clicks. */
const COLUMNS = ['keyword', 'url', 'title', 'timestamp', 'ip', 'clicks'];

/**
 * A YOURLS export: the `yourls_url` table as mysqldump (or phpMyAdmin) writes it, or as CSV with
 * those columns (the export plugins' format). The timestamp is the server's, taken as UTC.
 */
export function parseYourls(text: string): ImportRecord[] {
  const sql = /INSERT\s+(IGNORE\s+)?INTO/i.test(text);
  const { rows, firstLine } = sql
    ? { rows: sqlInsertRows(text, 'url', COLUMNS), firstLine: 1 }
    : csvRows(text, COLUMNS);
  if (sql && rows.length === 0) {
    throw new ImportFormatError('no INSERT into a YOURLS url table (`yourls_url`) found');
  }
  return rows.map((r, i) => ({
    at: firstLine + i,
    url: exportText(r.url) ?? '',
    slug: exportText(r.keyword),
    title: exportText(r.title),
    createdAt: exportDate(r.timestamp),
    visits: exportCount(r.clicks),
  }));
}
