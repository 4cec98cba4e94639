import {
  countVisit,
  dayOf,
  emptyRow,
  hourOf,
  quarterOf,
  RollupRow,
  RollupVisit,
  withDays,
} from '../rollups/rollup';
import { visitorKey } from '../../common/visitor-key';

/**
 * What the SQLite writer stored past the mark, counted as it is stored: each share's hours (people
 * and bots apart) with every dimension, and each visitor's first visit among them. A roll-up then
 * only learns which visitors are new to their day and writes the rows. Kept as visits instead,
 * each lived as objects until the roll-up, which made them again to count them (~5 µs a visit on
 * top of the counting), and memory grew with the visits, not with the shares' hours.
 */
export class PendingRollups {
  private readonly hours: RollupRow[] = [];
  /** Each share's hours, as indexes into `hours`. */
  private readonly hoursOf = new Map<number, number[]>();
  /** Each visitor's (of a share on a day) first visit: its hour's index * 4 + its quarter. */
  private readonly firsts = new FirstVisits();
  /** The hour of the visit counted last. */
  private last = -1;
  /** Visits counted. */
  length = 0;

  add(r: RollupVisit): void {
    const start = hourOf(r.at);
    // Stores come in share order: the visit before was most often in the same hour.
    let i = this.last;
    const h = this.hours[i] as RollupRow | undefined;
    if (h?.linkId !== r.linkId || h.start !== start || h.bot !== r.isBot) {
      i = this.last = this.hourIndex(r, start);
    }
    countVisit(this.hours[i], r, 0);
    this.firsts.addFirst(visitorKey(dayOf(r.at), r.linkId, r.visitorHash), i * 4 + quarterOf(r.at));
    this.length++;
  }

  /** The index of the visit's hour in `hours`, made if it is not there yet. */
  private hourIndex(r: RollupVisit, start: number): number {
    let indexes = this.hoursOf.get(r.linkId);
    if (!indexes) this.hoursOf.set(r.linkId, (indexes = []));
    for (const i of indexes) {
      const h = this.hours[i];
      if (h.start === start && h.bot === r.isBot) return i;
    }
    const { linkId, accountId, isBot: bot } = r;
    indexes.push(this.hours.length);
    return this.hours.push(emptyRow({ linkId, accountId, span: 'h', start, bot })) - 1;
  }

  /** How many visits of each share are counted. */
  countsByShare(): Map<number, number> {
    const counts = new Map<number, number>();
    for (const [id, indexes] of this.hoursOf) {
      counts.set(
        id,
        indexes.reduce((n, i) => n + this.hours[i].visits, 0),
      );
    }
    return counts;
  }

  /** Leaves out every share but those in `live` (the others were deleted since). */
  keepOnly(live: Set<number>): void {
    for (const id of [...this.hoursOf.keys()]) {
      if (live.has(id)) continue;
      this.hoursOf.delete(id);
      this.someLeftOut = true;
    }
  }

  private someLeftOut = false;

  /** The visitors of the shares left, each once, in key order (as the visitors' table takes them). */
  visitorKeys(): number[] {
    const keys = new Float64Array(this.firsts.size);
    let n = 0;
    this.firsts.forEach((key, at) => {
      if (!this.someLeftOut || this.hoursOf.has(this.hours[at >> 2].linkId)) keys[n++] = key;
    });
    // A typed array sorts numbers natively, many times faster than an array with a comparator.
    return Array.from(keys.subarray(0, n).sort());
  }

  /**
   * The rows to add to the rollups: the shares' hours left, with a unique at the first visit of
   * each visitor in `fresh` (new to that share that day), and the days of those before `daysTo`.
   */
  rows(fresh: Set<number>, daysTo: number): RollupRow[] {
    for (const key of fresh) {
      const at = this.firsts.get(key)!;
      const hour = this.hours[at >> 2];
      hour.uniques++;
      hour.quarters![at & 3][1]++;
    }
    const hours: RollupRow[] = [];
    for (const indexes of this.hoursOf.values()) for (const i of indexes) hours.push(this.hours[i]);
    return withDays(hours, daysTo);
  }
}

/**
 * Visitor keys, each with the number given when it was first added: an open-addressing table in
 * two typed arrays. Hundreds of thousands of keys wait for a roll-up under load; in a Map each
 * would be an object (most keys are past 2^31) the collector copies until the roll-up.
 */
export class FirstVisits {
  private keys = new Float64Array(1024).fill(NaN);
  private values = new Int32Array(1024);
  size = 0;

  /** Adds `key` with `value`, unless it is there already. */
  addFirst(key: number, value: number): void {
    if (this.size * 2 >= this.keys.length) this.grow();
    const mask = this.keys.length - 1;
    for (let i = slotOf(key, mask); ; i = (i + 1) & mask) {
      const k = this.keys[i];
      if (k === key) return;
      if (k !== k) {
        this.keys[i] = key;
        this.values[i] = value;
        this.size++;
        return;
      }
    }
  }

  get(key: number): number | undefined {
    const mask = this.keys.length - 1;
    for (let i = slotOf(key, mask); ; i = (i + 1) & mask) {
      const k = this.keys[i];
      if (k === key) return this.values[i];
      if (k !== k) return undefined;
    }
  }

  forEach(each: (key: number, value: number) => void): void {
    for (let i = 0; i < this.keys.length; i++) {
      const k = this.keys[i];
      if (k === k) each(k, this.values[i]);
    }
  }

  private grow(): void {
    const { keys, values } = this;
    this.keys = new Float64Array(keys.length * 2).fill(NaN);
    this.values = new Int32Array(keys.length * 2);
    this.size = 0;
    for (let i = 0; i < keys.length; i++)
      if (keys[i] === keys[i]) this.addFirst(keys[i], values[i]);
  }
}

/** A key's first slot: its low 32 bits (a key's low bits are a hash already), masked. */
const slotOf = (key: number, mask: number) => (key | 0) & mask;
