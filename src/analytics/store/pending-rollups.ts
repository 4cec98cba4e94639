import {
  countVisit,
  dayOf,
  emptyRow,
  hourOf,
  quarterOf,
  RollupRow,
  RollupVisit,
  SLOT_SECONDS,
  withDays,
} from '../rollups/rollup';
import { visitorKey } from '../../common/visitor-key';

/** The one head of each share's hour (people and bots apart) a roll-up makes a row of. */
type HourHead = Pick<RollupRow, 'linkId' | 'accountId' | 'start' | 'bot'>;

/** The fields of a visit its hour's row counts by (see countVisit), one slot each per visit. */
const FIELDS = 11;

/**
 * What the SQLite writer stored past the mark, kept as it is stored: each share's hours (people
 * and bots apart), each visit's quarter and counted values in typed arrays (its strings as
 * indexes into the distinct ones), and each visitor's first visit among them. A roll-up then only
 * learns which visitors are new to their day, and counts each hour's visits into its row, one
 * row at a time. Kept as visits instead, each lived as objects until the roll-up (~5 µs a visit);
 * counted into rows as they came, every visit touched its row's eleven Maps, spread over the
 * thousands of rows a roll-up waits for and rarely in the CPU's cache (~1.3 µs a visit), and the
 * Maps lived until the roll-up.
 */
export class PendingRollups {
  private readonly hours: HourHead[] = [];
  /** Visits counted in each of `hours`. */
  private visitsOfHour: number[] = [];
  /** Each share's hours, as indexes into `hours`. */
  private readonly hoursOf = new Map<number, number[]>();
  /** Each visitor's (of a share on a day) first visit: its hour's index * 4 + its quarter. */
  private readonly firsts = new FirstVisits();
  /** Each visit's hour's index * 4 + its quarter. */
  private slots = new Int32Array(1024);
  /** Each visit's FIELDS values, as indexes into `strings` (0: null). */
  private fields = new Int32Array(1024 * FIELDS);
  private readonly strings: (string | null)[] = [null];
  private readonly stringIds = new Map<string, number>();
  /** The hour of the visit counted last. */
  private last = -1;
  /** Visits counted. */
  length = 0;

  add(r: RollupVisit): void {
    const start = hourOf(r.at);
    // Stores come in share order: the visit before was most often in the same hour.
    let i = this.last;
    const h = this.hours[i] as HourHead | undefined;
    if (h?.linkId !== r.linkId || h.start !== start || h.bot !== r.isBot) {
      i = this.last = this.hourIndex(r, start);
    }
    const n = this.length++;
    if (n === this.slots.length) this.grow();
    const slot = i * 4 + quarterOf(r.at);
    this.slots[n] = slot;
    this.visitsOfHour[i]++;
    // Written out, as in countVisit: a loop over the field names costs a keyed load each.
    const f = this.fields;
    let k = n * FIELDS;
    f[k++] = this.idOf(r.referrerHost);
    f[k++] = this.idOf(r.country);
    f[k++] = this.idOf(r.browser);
    f[k++] = this.idOf(r.os);
    f[k++] = this.idOf(r.device);
    f[k++] = this.idOf(r.language);
    f[k++] = r.qr ? 1 : 0;
    f[k++] = this.idOf(r.variant);
    f[k++] = this.idOf(r.utmSource);
    f[k++] = this.idOf(r.utmMedium);
    f[k] = this.idOf(r.utmCampaign);
    this.firsts.addFirst(visitorKey(dayOf(r.at), r.linkId, r.visitorHash), slot);
  }

  private idOf(value: string | null): number {
    if (value === null) return 0;
    let id = this.stringIds.get(value);
    if (id === undefined) this.stringIds.set(value, (id = this.strings.push(value) - 1));
    return id;
  }

  private grow(): void {
    const slots = new Int32Array(this.slots.length * 2);
    slots.set(this.slots);
    const fields = new Int32Array(this.fields.length * 2);
    fields.set(this.fields);
    this.slots = slots;
    this.fields = fields;
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
    this.visitsOfHour.push(0);
    return this.hours.push({ linkId, accountId, start, bot }) - 1;
  }

  /** How many visits of each share are counted. */
  countsByShare(): Map<number, number> {
    const counts = new Map<number, number>();
    for (const [id, indexes] of this.hoursOf) {
      counts.set(
        id,
        indexes.reduce((n, i) => n + this.visitsOfHour[i], 0),
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
  rows(fresh: Iterable<number>, daysTo: number): RollupRow[] {
    const uniques = new Int32Array(this.hours.length * 4);
    for (const key of fresh) uniques[this.firsts.get(key)!]++;
    const visits = this.visitsByHour();
    const hours: RollupRow[] = [];
    for (const indexes of this.hoursOf.values()) {
      for (const i of indexes) hours.push(this.rowOf(i, visits, uniques));
    }
    return withDays(hours, daysTo);
  }

  /**
   * The visits' places grouped by hour, in the order they came: hour i's are those from
   * `from[i]` to `from[i + 1]` in `order`.
   */
  private visitsByHour(): { order: Int32Array; from: Int32Array } {
    const from = new Int32Array(this.hours.length + 1);
    for (let i = 0; i < this.hours.length; i++) from[i + 1] = from[i] + this.visitsOfHour[i];
    const next = from.slice(0, this.hours.length);
    const order = new Int32Array(this.length);
    for (let v = 0; v < this.length; v++) order[next[this.slots[v] >> 2]++] = v;
    return { order, from };
  }

  /** Hour i's row: its visits counted (countVisit), its uniques added. */
  private rowOf(
    i: number,
    { order, from }: { order: Int32Array; from: Int32Array },
    uniques: Int32Array,
  ): RollupRow {
    const { linkId, accountId, start, bot } = this.hours[i];
    const row = emptyRow({ linkId, accountId, span: 'h', start, bot });
    const visit = scratchVisit();
    const { strings: s, fields: f } = this;
    for (let o = from[i]; o < from[i + 1]; o++) {
      const v = order[o];
      visit.at.setTime((start + (this.slots[v] & 3) * SLOT_SECONDS) * 1000);
      let k = v * FIELDS;
      visit.referrerHost = s[f[k++]];
      visit.country = s[f[k++]];
      visit.browser = s[f[k++]];
      visit.os = s[f[k++]];
      visit.device = s[f[k++]] as RollupVisit['device'];
      visit.language = s[f[k++]];
      visit.qr = f[k++] === 1;
      visit.variant = s[f[k++]];
      visit.utmSource = s[f[k++]];
      visit.utmMedium = s[f[k++]];
      visit.utmCampaign = s[f[k]];
      countVisit(row, visit, 0);
    }
    for (let q = 0; q < 4; q++) {
      row.uniques += uniques[i * 4 + q];
      row.quarters![q][1] += uniques[i * 4 + q];
    }
    return row;
  }
}

/** One visit object filled again for each visit counted (its share and visitor are not read). */
const scratchVisit = (): RollupVisit => ({
  linkId: 0,
  accountId: 0,
  at: new Date(0),
  isBot: false,
  visitorHash: '',
  referrerHost: null,
  country: null,
  browser: null,
  os: null,
  device: 'desktop',
  language: null,
  qr: false,
  variant: null,
  utmSource: null,
  utmMedium: null,
  utmCampaign: null,
});

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
