import type { VisitRow } from '../rollups/rollup';
import type { Device } from './visit.entity';
import type { VisitSource } from './sql/visit-batch';

/**
 * A batch of visits as it crosses to the SQLite writer thread: one array of numbers and one of
 * string indexes, field after field, and each distinct string of the batch once. Cloned as
 * objects, every visit's property names were written out and each object rebuilt key by key on
 * the other side (~1.8 µs a visit between the two threads); as columns of strings, each visit's
 * fourteen strings were still copied one by one and arrived as fresh strings, which the writer
 * then hashed again for every count it keyed by them (~1.3 µs a visit more than the same rows
 * not cloned, `npm run bench:writer`). A batch's visits share most of their values (a few
 * countries, browsers, referrers), so each goes across once and is counted as one string.
 */
export interface VisitColumns {
  /** linkId, accountId, domainId, at (ms), flags (1 bot, 2 QR scan): NUMBERS per visit. */
  numbers: Float64Array;
  /** The TEXTS string fields of each visit, in order, as indexes into `strings`. */
  texts: Uint32Array;
  /** null, then the batch's distinct strings. */
  strings: (string | null)[];
}

const NUMBERS = 5;
const TEXTS = 14;

export function toColumns(rows: VisitRow[]): VisitColumns {
  const numbers = new Float64Array(rows.length * NUMBERS);
  const texts = new Uint32Array(rows.length * TEXTS);
  const strings: (string | null)[] = [null];
  const indexes = new Map<string, number>();
  const indexOf = (value: string | null): number => {
    if (value === null) return 0;
    let i = indexes.get(value);
    if (i === undefined) indexes.set(value, (i = strings.push(value) - 1));
    return i;
  };
  rows.forEach((r, i) => {
    let n = i * NUMBERS;
    numbers[n++] = r.linkId;
    numbers[n++] = r.accountId;
    numbers[n++] = r.domainId;
    numbers[n++] = r.at.getTime();
    numbers[n] = (r.isBot ? 1 : 0) | (r.qr ? 2 : 0);
    let t = i * TEXTS;
    texts[t++] = indexOf(r.kind);
    texts[t++] = indexOf(r.referrerHost);
    texts[t++] = indexOf(r.referrerUrl);
    texts[t++] = indexOf(r.country);
    texts[t++] = indexOf(r.browser);
    texts[t++] = indexOf(r.os);
    texts[t++] = indexOf(r.device);
    texts[t++] = indexOf(r.language);
    texts[t++] = indexOf(r.visitorHash);
    texts[t++] = indexOf(r.eventId);
    texts[t++] = indexOf(r.variant);
    texts[t++] = indexOf(r.utmSource);
    texts[t++] = indexOf(r.utmMedium);
    texts[t] = indexOf(r.utmCampaign);
  });
  return { numbers, texts, strings };
}

/** What a count of visits reads of the i-th visit (share, account, kind, time, bot), no row made. */
export function countedFieldsOf({ numbers, texts, strings }: VisitColumns, i: number) {
  const n = i * NUMBERS;
  return {
    linkId: numbers[n],
    accountId: numbers[n + 1],
    kind: strings[texts[i * TEXTS]]!,
    at: numbers[n + 3],
    isBot: (numbers[n + 4] & 1) !== 0,
  };
}

/** How many visits the columns hold. */
export const visitsIn = (columns: VisitColumns): number => columns.numbers.length / NUMBERS;

export function fromColumns(columns: VisitColumns): VisitRow[] {
  return Array.from({ length: visitsIn(columns) }, (_, i) => rowOf(columns, i));
}

/** The i-th visit's row. */
function rowOf({ numbers, texts, strings }: VisitColumns, i: number): VisitRow {
  const n = i * NUMBERS;
  const t = i * TEXTS;
  return {
    linkId: numbers[n],
    accountId: numbers[n + 1],
    domainId: numbers[n + 2],
    at: new Date(numbers[n + 3]),
    isBot: (numbers[n + 4] & 1) !== 0,
    qr: (numbers[n + 4] & 2) !== 0,
    kind: strings[texts[t]]!,
    referrerHost: strings[texts[t + 1]],
    referrerUrl: strings[texts[t + 2]],
    country: strings[texts[t + 3]],
    browser: strings[texts[t + 4]],
    os: strings[texts[t + 5]],
    device: strings[texts[t + 6]] as Device,
    language: strings[texts[t + 7]],
    visitorHash: strings[texts[t + 8]]!,
    eventId: strings[texts[t + 9]],
    variant: strings[texts[t + 10]],
    utmSource: strings[texts[t + 11]],
    utmMedium: strings[texts[t + 12]],
    utmCampaign: strings[texts[t + 13]],
  };
}

/** The batch as a source of rows, each made only when asked (see storeVisitsOf). */
export const columnsSource = (columns: VisitColumns): VisitSource => ({
  size: visitsIn(columns),
  linkIdOf: (i) => columns.numbers[i * NUMBERS],
  rowOf: (i) => rowOf(columns, i),
});
