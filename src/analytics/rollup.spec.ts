import { addCount, MAX_VALUES, mergeRollup, OTHER, rollUp, VisitRow } from './rollup';
import { topList } from './stats/rollup-stats';

const row = (iso: string, over: Partial<VisitRow> = {}): VisitRow => ({
  linkId: 1,
  accountId: 2,
  domainId: 3,
  kind: 'redirect',
  at: new Date(iso),
  isBot: false,
  qr: false,
  referrerHost: null,
  referrerUrl: null,
  country: 'DE',
  browser: 'Firefox',
  os: 'Linux',
  device: 'desktop',
  language: null,
  visitorHash: 'h',
  eventId: null,
  ...over,
});

describe('rollUp', () => {
  it('should count hours with their quarters and days, uniques at first visits only', () => {
    const rows = [
      row('2026-03-10T10:05:00Z'),
      row('2026-03-10T10:35:00Z'),
      row('2026-03-10T11:50:00Z', { country: null }),
      row('2026-03-10T11:55:00Z', { isBot: true }),
    ];
    const out = rollUp(rows, [true, false, false, true]);
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

  it('should merge a batch into a stored row', () => {
    const [a] = rollUp([row('2026-03-10T10:05:00Z')], [true]);
    const [b] = rollUp([row('2026-03-10T10:20:00Z', { country: 'FR' })], [false]);
    const merged = mergeRollup(a, b);
    expect(Object.fromEntries(merged.counts.country)).toEqual({ DE: 1, FR: 1 });
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
