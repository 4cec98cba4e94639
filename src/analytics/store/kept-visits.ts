import type { RollupVisit } from '../rollups/rollup';
import type { Device } from './visit.entity';
import { partRanges } from './sql/roll-up-visits';

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

  /** How many visits of each share are kept. */
  countsByShare(): Map<number, number> {
    const counts = new Map<number, number>();
    for (let n = 0; n < this.length * NUMBERS; n += NUMBERS) {
      const id = this.numbers[n];
      counts.set(id, (counts.get(id) ?? 0) + 1);
    }
    return counts;
  }

  /**
   * The visits of the shares in `counts` (their counts as countsByShare gives them), in share
   * order and in the order kept within a share, as the rollups take them: in parts of about
   * `part` visits (whole shares each), each made when it is asked for. Made all at once, a
   * roll-up's ~220,000 visits lived as objects until its end, and every young-generation
   * collection on the way copied them, then moved them to the old generation.
   */
  *inShareOrder(counts: Map<number, number>, part: number): Generator<RollupVisit[]> {
    const ids = [...counts.keys()].sort((a, b) => a - b);
    // A counting sort: each share's place in `order`, then its visits' indexes put there.
    const next = new Map<number, number>();
    let total = 0;
    for (const id of ids) {
      next.set(id, total);
      total += counts.get(id)!;
    }
    const order = new Uint32Array(total);
    for (let i = 0; i < this.length; i++) {
      const id = this.numbers[i * NUMBERS];
      const at = next.get(id);
      if (at === undefined) continue;
      order[at] = i;
      next.set(id, at + 1);
    }
    for (const [from, to] of partRanges(total, (k) => this.numbers[order[k] * NUMBERS], part)) {
      const rows = new Array<RollupVisit>(to - from);
      for (let k = from; k < to; k++) rows[k - from] = this.visit(order[k]);
      yield rows;
    }
  }

  /** Kept visit i as the rollups take it. */
  private visit(i: number): RollupVisit {
    const n = i * NUMBERS;
    const texts = this.texts[Math.floor(i / CHUNK)];
    const t = (i % CHUNK) * TEXTS;
    return {
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

  /** The one copy kept of an equal string: each visit arrives with its own (a structured clone). */
  private same(s: string | null): string | null {
    if (s === null) return null;
    const known = this.strings.get(s);
    if (known !== undefined) return known;
    this.strings.set(s, s);
    return s;
  }
}
