import type { VisitRow } from '../rollups/rollup';
import type { Device } from './visit.entity';

/**
 * A batch of visits as it crosses to the SQLite writer thread: one array of numbers and one of
 * strings, field after field. Cloned as objects, every visit's property names were written out
 * and each object rebuilt key by key on the other side: ~1.8 µs a visit between the two threads,
 * ~1.2 as columns, with less garbage for the collector.
 */
export interface VisitColumns {
  /** linkId, accountId, domainId, at (ms), flags (1 bot, 2 QR scan): NUMBERS per visit. */
  numbers: Float64Array;
  /** The TEXTS string fields of each visit, in order. */
  texts: (string | null)[];
}

const NUMBERS = 5;
const TEXTS = 14;

export function toColumns(rows: VisitRow[]): VisitColumns {
  const numbers = new Float64Array(rows.length * NUMBERS);
  const texts = new Array<string | null>(rows.length * TEXTS);
  rows.forEach((r, i) => {
    let n = i * NUMBERS;
    numbers[n++] = r.linkId;
    numbers[n++] = r.accountId;
    numbers[n++] = r.domainId;
    numbers[n++] = r.at.getTime();
    numbers[n] = (r.isBot ? 1 : 0) | (r.qr ? 2 : 0);
    let t = i * TEXTS;
    texts[t++] = r.kind;
    texts[t++] = r.referrerHost;
    texts[t++] = r.referrerUrl;
    texts[t++] = r.country;
    texts[t++] = r.browser;
    texts[t++] = r.os;
    texts[t++] = r.device;
    texts[t++] = r.language;
    texts[t++] = r.visitorHash;
    texts[t++] = r.eventId;
    texts[t++] = r.variant;
    texts[t++] = r.utmSource;
    texts[t++] = r.utmMedium;
    texts[t] = r.utmCampaign;
  });
  return { numbers, texts };
}

/** How many visits the columns hold. */
export const visitsIn = (columns: VisitColumns): number => columns.numbers.length / NUMBERS;

export function fromColumns({ numbers, texts }: VisitColumns): VisitRow[] {
  const rows = new Array<VisitRow>(numbers.length / NUMBERS);
  for (let i = 0; i < rows.length; i++) {
    const n = i * NUMBERS;
    const t = i * TEXTS;
    rows[i] = {
      linkId: numbers[n],
      accountId: numbers[n + 1],
      domainId: numbers[n + 2],
      at: new Date(numbers[n + 3]),
      isBot: (numbers[n + 4] & 1) !== 0,
      qr: (numbers[n + 4] & 2) !== 0,
      kind: texts[t]!,
      referrerHost: texts[t + 1],
      referrerUrl: texts[t + 2],
      country: texts[t + 3],
      browser: texts[t + 4],
      os: texts[t + 5],
      device: texts[t + 6] as Device,
      language: texts[t + 7],
      visitorHash: texts[t + 8]!,
      eventId: texts[t + 9],
      variant: texts[t + 10],
      utmSource: texts[t + 11],
      utmMedium: texts[t + 12],
      utmCampaign: texts[t + 13],
    };
  }
  return rows;
}
