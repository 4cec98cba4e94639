import {
  addCount,
  addToAccountRows,
  daysOf,
  emptyTally,
  MAX_VALUES,
  OTHER,
  rollUp,
  SHARE,
  VisitRow,
} from './rollup';
import { addCountsToJson, mergeRollup, tallyFromJson, tallyToJson } from './rollup-json';
import { topList } from '../stats/rollup-stats';
import { visitRow } from '../../../test/factories/visit-row.factory';

/** Every hour added to its day as it is rolled up (none past the days' mark). */
const ALL = Infinity;
const row = (iso: string, over: Partial<VisitRow> = {}): VisitRow =>
  visitRow({ accountId: 2, domainId: 3, at: new Date(iso), visitorHash: 'h', ...over });

describe('rollUp', () => {
  it('should count hours with their quarters and days, uniques at first visits only', () => {
    const rows = [
      row('2026-03-10T10:05:00Z'),
      row('2026-03-10T10:35:00Z'),
      row('2026-03-10T11:50:00Z', { country: null }),
      row('2026-03-10T11:55:00Z', { isBot: true }),
    ];
    const out = rollUp(rows, [true, false, false, true], ALL);
    const hour10 = out.find(
      (r) => r.span === 'h' && r.start === Date.parse('2026-03-10T10:00:00Z') / 1000,
    );
    expect(hour10).toMatchObject({
      visits: 2,
      uniques: 1,
      quarters: [
        [1, 1],
        [0, 0],
        [1, 0],
        [0, 0],
      ],
    });
    const day = out.find((r) => r.span === 'd' && !r.bot)!;
    expect(day).toMatchObject({ visits: 3, uniques: 1, quarters: null });
    expect(Object.fromEntries(day.counts.country)).toEqual({ DE: 2, '': 1 });
    expect(out.filter((r) => r.bot)).toHaveLength(2);
  });

  it("should sum shares' rows into their account's, counting each share's visits", () => {
    const rows = [
      ...rollUp([row('2026-03-10T10:05:00Z', { linkId: 7 })], [true], ALL),
      ...rollUp(
        [row('2026-03-10T10:20:00Z', { linkId: 8 }), row('2026-03-10T10:40:00Z', { linkId: 8 })],
        [true, false],
        ALL,
      ),
    ];
    const sums = [...addToAccountRows(rows).values()];
    expect(sums).toHaveLength(2);
    const hour = sums.find((r) => r.span === 'h')!;
    expect(hour).toMatchObject({ accountId: 2, visits: 3, uniques: 2 });
    expect(hour.quarters).toEqual([
      [1, 1],
      [1, 1],
      [1, 0],
      [0, 0],
    ]);
    expect(Object.fromEntries(hour.counts[SHARE]!)).toEqual({ 7: 1, 8: 2 });
    expect(Object.fromEntries(hour.counts.country)).toEqual({ DE: 3 });
    expect(sums.find((r) => r.span === 'd')).toMatchObject({ visits: 3, quarters: null });
  });

  it("should add only the hours before the days' mark to their days", () => {
    const rows = [
      row('2026-03-10T10:05:00Z'),
      row('2026-03-10T11:05:00Z', { country: 'FR' }),
      row('2026-03-10T12:05:00Z'),
    ];
    const out = rollUp(rows, [true, false, false], Date.parse('2026-03-10T11:00:00Z') / 1000);
    expect(out.filter((r) => r.span === 'h')).toHaveLength(3);
    const days = out.filter((r) => r.span === 'd');
    expect(days).toMatchObject([{ start: Date.parse('2026-03-10') / 1000, visits: 1, uniques: 1 }]);
    expect(rollUp(rows, [true, false, false], 0).filter((r) => r.span === 'd')).toEqual([]);
    // An account's hours: their days count visits by share too.
    const accounts = [...addToAccountRows(out.filter((r) => r.span === 'h')).values()];
    const [day] = daysOf(accounts);
    expect(day).toMatchObject({ accountId: 2, span: 'd', visits: 3, uniques: 1 });
    expect(Object.fromEntries(day.counts[SHARE]!)).toEqual({ 1: 3 });
    expect(Object.fromEntries(day.counts.country)).toEqual({ DE: 2, FR: 1 });
  });

  it('should merge a batch into a stored row', () => {
    const [a] = rollUp([row('2026-03-10T10:05:00Z')], [true], ALL);
    const [b] = rollUp([row('2026-03-10T10:20:00Z', { country: 'FR' })], [false], ALL);
    const merged = mergeRollup({ ...a, counts: tallyToJson(a.counts) }, b);
    expect(Object.fromEntries(tallyFromJson(merged.counts).country)).toEqual({ DE: 1, FR: 1 });
    expect(merged).toMatchObject({
      visits: 2,
      uniques: 1,
      quarters: [
        [1, 1],
        [1, 0],
        [0, 0],
        [0, 0],
      ],
    });
  });

  it('should add counts to stored JSON as the Maps did, past MAX_VALUES and __proto__ too', () => {
    const viaMaps = (json: string, add: ReturnType<typeof emptyTally>) => {
      const tally = tallyFromJson(json);
      for (const [value, n] of add.browser) addCount(tally.browser, value, n);
      for (const [value, n] of add.os) addCount(tally.os, value, n);
      return tallyToJson(tally);
    };
    const stored = emptyTally();
    for (let i = 0; i < MAX_VALUES - 2; i++) stored.browser.set(`b${i}`, 1);
    stored.os.set('Linux', 3);
    const add = emptyTally();
    for (const v of ['b0', 'new1', 'new2', 'new3', 'new4']) add.browser.set(v, 2);
    add.os.set('42', 1);
    const json = tallyToJson(stored);
    const merged = addCountsToJson(json, add);
    expect(merged).toBe(viaMaps(json, add));
    const browsers = tallyFromJson(merged).browser;
    expect([browsers.get('b0'), browsers.get('new2'), browsers.get('new3')]).toEqual([
      3,
      2,
      undefined,
    ]);
    expect(browsers.get(OTHER)).toBe(4);
    // A stored row from before a dimension existed, and a value no plain key can hold.
    const proto = emptyTally();
    proto.os.set('__proto__', 2);
    const odd = addCountsToJson('{"browser":{"Firefox":1}}', proto);
    expect([...tallyFromJson(odd).os]).toEqual([['__proto__', 2]]);
    expect(Object.fromEntries(tallyFromJson(odd).browser)).toEqual({ Firefox: 1 });
    expect(tallyFromJson(addCountsToJson(odd, proto)).os.get('__proto__')).toBe(4);
  });

  it('should keep at most MAX_VALUES values of a dimension, the rest as other', () => {
    const counts = new Map<string, number>();
    for (let i = 0; i < MAX_VALUES + 20; i++) addCount(counts, `v${i}`, 1);
    addCount(counts, 'v0', 5);
    expect(counts.size).toBe(MAX_VALUES + 1);
    expect(counts.get(OTHER)).toBe(20);
    expect(counts.get('v0')).toBe(6);
    const top = topList(counts);
    expect(top[0]).toEqual({ value: 'v0', visits: 6 });
    expect(top.at(-1)).toEqual({ value: 'other', visits: MAX_VALUES - 10 + 20 });
    expect(top.reduce((n, e) => n + e.visits, 0)).toBe(MAX_VALUES + 25);
  });
});
