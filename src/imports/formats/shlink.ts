import {
  exportCount,
  exportDate,
  exportTags,
  exportText,
  ImportFormatError,
  ImportRecord,
} from '../import-record';
import { csvRows } from './csv-rows';

/** The web client's "Export" CSV. */
const CSV_COLUMNS = [
  'createdat',
  'domain',
  'shortcode',
  'shorturl',
  'longurl',
  'title',
  'tags',
  'visits',
];

/**
 * A Shlink export: the web client's CSV (createdAt, domain, shortCode, shortUrl, longUrl, title,
 * tags joined by `|`, visits), or what `shlink short-url:list --show-tags --all` prints (a
 * console table: Short Code, Title, Short URL, Long URL, Date created, Visits count, Tags).
 */
export function parseShlink(text: string): ImportRecord[] {
  if (/^\s*\|/m.test(text) && /Short Code/i.test(text)) return parseTable(text);
  const { rows, firstLine } = csvRows(text, CSV_COLUMNS);
  if (rows.length && !('longurl' in rows[0])) {
    throw new ImportFormatError('not a Shlink CSV export (no longUrl column)');
  }
  return rows.map((r, i) => ({
    at: firstLine + i,
    url: exportText(r.longurl) ?? '',
    slug: exportText(r.shortcode),
    title: exportText(r.title),
    tags: exportTags(r.tags),
    createdAt: exportDate(r.createdat),
    visits: exportCount(r.visits),
  }));
}

function parseTable(text: string): ImportRecord[] {
  const lines = text.split(/\r?\n/);
  let header: string[] | null = null;
  const records: ImportRecord[] = [];
  lines.forEach((line, index) => {
    if (!/^\s*\|/.test(line)) return; // borders, the footer, the [OK] line
    const cells = line
      .trim()
      .slice(1, -1)
      .split('|')
      .map((c) => c.trim());
    if (!header) {
      header = cells.map((c) => c.toLowerCase());
      return;
    }
    const row = Object.fromEntries(header.map((h, i) => [h, cells[i] ?? '']));
    if (!('long url' in row) || cells.length < header.length) return; // a page footer
    records.push({
      at: index + 1,
      url: exportText(row['long url']) ?? '',
      slug: exportText(row['short code']),
      title: exportText(row.title),
      tags: exportTags(row.tags),
      createdAt: exportDate(row['date created']),
      visits: exportCount(row['visits count']),
    });
  });
  if (!header) throw new ImportFormatError('no short-url:list table found');
  return records;
}
