import { Readable } from 'node:stream';
import { csvCell } from '../../common/csv';
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
  'variant',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'visitor',
];

/** The visit log as CSV, a page of rows at a time (never the whole log in memory). */
export function visitsCsv(pages: AsyncIterable<LogEntry[]>): Readable {
  async function* lines() {
    yield COLUMNS.join(',') + '\r\n';
    for await (const page of pages) {
      yield page.map((e) => COLUMNS.map((c) => csvCell(e[c])).join(',') + '\r\n').join('');
    }
  }
  return Readable.from(lines());
}
