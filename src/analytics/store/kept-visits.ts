import type { RollupVisit } from '../rollups/rollup';
import type { Device } from './visit.entity';

/** linkId, accountId, at (ms), flags (1 bot, 2 QR scan): per visit. */
const NUMBERS = 4;
/** visitorHash, referrerHost, country, browser, os, device, language, variant, utmSource,
 *  utmMedium, utmCampaign: per visit. */
const TEXTS = 11;
const CHUNK = 4096;

/**
 * The visits the SQLite writer keeps between two roll-ups (up to ~270,000 under load), as
 * columns. Kept as objects, each visit's object, Date, boxed numbers and strings lived for
 * seconds: every young-generation collection copied them, then moved them to the old one, which
 * cost the busy writer as much collecting as inserting. Here they are two large arrays and one
 * copy of each distinct string; the objects are made for the roll-up and die with it.
 */
export class KeptVisits {
  private numbers = new Float64Array(NUMBERS * 1024);
  /** In chunks of CHUNK visits, each made at its full size: grown, each growth copied it all. */
  private readonly texts: (string | null)[][] = [];
  private readonly strings = new Map<string, string>();
  length = 0;

  push(r: RollupVisit): void {
    if ((this.length + 1) * NUMBERS > this.numbers.length) {
      const grown = new Float64Array(this.numbers.length * 2);
      grown.set(this.numbers);
      this.numbers = grown;
    }
    const n = this.length * NUMBERS;
    this.numbers[n] = r.linkId;
    this.numbers[n + 1] = r.accountId;
    this.numbers[n + 2] = r.at.getTime();
    this.numbers[n + 3] = (r.isBot ? 1 : 0) | (r.qr ? 2 : 0);
    const chunk = (this.texts[Math.floor(this.length / CHUNK)] ??= new Array<string | null>(
      CHUNK * TEXTS,
    ));
    let t = (this.length % CHUNK) * TEXTS;
    chunk[t++] = this.same(r.visitorHash);
    chunk[t++] = this.same(r.referrerHost);
    chunk[t++] = this.same(r.country);
    chunk[t++] = this.same(r.browser);
    chunk[t++] = this.same(r.os);
    chunk[t++] = this.same(r.device);
    chunk[t++] = this.same(r.language);
    chunk[t++] = this.same(r.variant);
    chunk[t++] = this.same(r.utmSource);
    chunk[t++] = this.same(r.utmMedium);
    chunk[t] = this.same(r.utmCampaign);
    this.length++;
  }

  /** The visits as the rollups take them, in the order they were kept. */
  rows(): RollupVisit[] {
    const rows = new Array<RollupVisit>(this.length);
    for (let i = 0; i < this.length; i++) {
      const n = i * NUMBERS;
      const texts = this.texts[Math.floor(i / CHUNK)];
      const t = (i % CHUNK) * TEXTS;
      rows[i] = {
        linkId: this.numbers[n],
        accountId: this.numbers[n + 1],
        at: new Date(this.numbers[n + 2]),
        isBot: (this.numbers[n + 3] & 1) !== 0,
        qr: (this.numbers[n + 3] & 2) !== 0,
        visitorHash: texts[t]!,
        referrerHost: texts[t + 1],
        country: texts[t + 2],
        browser: texts[t + 3],
        os: texts[t + 4],
        device: texts[t + 5] as Device,
        language: texts[t + 6],
        variant: texts[t + 7],
        utmSource: texts[t + 8],
        utmMedium: texts[t + 9],
        utmCampaign: texts[t + 10],
      };
    }
    return rows;
  }

  /** The one copy kept of an equal string: each visit arrives with its own (a structured clone). */
  private same(s: string | null): string | null {
    if (s === null) return null;
    const known = this.strings.get(s);
    if (known !== undefined) return known;
    this.strings.set(s, s);
    return s;
  }
}
