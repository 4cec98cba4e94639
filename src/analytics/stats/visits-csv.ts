import { Readable } from 'node:stream';
import type { LogEntry } from './stats.service';

const COLUMNS: (keyof LogEntry)[] = [
  'at',
  'bot',
  'qr',
  'referrer',
  'referrer_host',
  'country',
  'browser',
  'os',
  'device',
  'language',
  'visitor',
];

/** RFC 4180 quoting; a leading =+-@ is prefixed with ' so a spreadsheet never runs it. */
function cell(value: string | number | boolean | null): string {
  if (value === null || value === undefined) return '';
  let s = String(value);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** The visit log as CSV, a page of rows at a time (never the whole log in memory). */
export function visitsCsv(pages: AsyncIterable<LogEntry[]>): Readable {
  async function* lines() {
    yield COLUMNS.join(',') + '\r\n';
    for await (const page of pages) {
      yield page.map((e) => COLUMNS.map((c) => cell(e[c])).join(',') + '\r\n').join('');
    }
  }
  return Readable.from(lines());
}
