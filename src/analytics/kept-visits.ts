import type { RollupVisit } from './rollup';
import type { Device } from './visit.entity';

/** linkId, accountId, at (ms), isBot: per visit. */
const NUMBERS = 4;
/** visitorHash, referrerHost, country, browser, os, device, language: per visit. */
const TEXTS = 7;

/**
 * The visits the SQLite writer keeps between two roll-ups (up to ~70,000 under load), as
 * columns. Kept as objects, each visit's object, Date, boxed numbers and strings lived for
 * seconds: every young-generation collection copied them, then moved them to the old one, which
 * cost the busy writer as much collecting as inserting. Here they are two large arrays and one
 * copy of each distinct string; the objects are made for the roll-up and die with it.
 */
export class KeptVisits {
  private numbers = new Float64Array(NUMBERS * 1024);
  private readonly texts: (string | null)[] = [];
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
    this.numbers[n + 3] = r.isBot ? 1 : 0;
    this.texts.push(
      this.same(r.visitorHash),
      this.same(r.referrerHost),
      this.same(r.country),
      this.same(r.browser),
      this.same(r.os),
      this.same(r.device),
      this.same(r.language),
    );
    this.length++;
  }

  /** The visits as the rollups take them, in the order they were kept. */
  rows(): RollupVisit[] {
    const rows = new Array<RollupVisit>(this.length);
    for (let i = 0; i < this.length; i++) {
      const n = i * NUMBERS;
      const t = i * TEXTS;
      rows[i] = {
        linkId: this.numbers[n],
        accountId: this.numbers[n + 1],
        at: new Date(this.numbers[n + 2]),
        isBot: this.numbers[n + 3] === 1,
        visitorHash: this.texts[t]!,
        referrerHost: this.texts[t + 1],
        country: this.texts[t + 2],
        browser: this.texts[t + 3],
        os: this.texts[t + 4],
        device: this.texts[t + 5] as Device,
        language: this.texts[t + 6],
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
