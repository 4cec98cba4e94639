import { MonthSums, wholeMonths } from './month-sums';
import { RollupStats } from './rollup-stats';
import type { VisitReads } from '../visit-reads';
import type { DimCounts } from '../rollups/rollup';

const at = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / 1000;

describe('wholeMonths', () => {
  it('should list the UTC months wholly inside the range', () => {
    expect(wholeMonths(at('2026-01-15'), at('2026-04-10'))).toEqual([
      [at('2026-02-01'), at('2026-03-01')],
      [at('2026-03-01'), at('2026-04-01')],
    ]);
    expect(wholeMonths(at('2025-12-01'), at('2026-01-01'))).toEqual([
      [at('2025-12-01'), at('2026-01-01')],
    ]);
    expect(wholeMonths(at('2026-01-02'), at('2026-01-31'))).toEqual([]);
  });
});

describe('MonthSums', () => {
  it('should answer a month only while its rows are as they were, and forget the oldest', () => {
    const kept = new MonthSums();
    const sums = new Map([['country', new Map([['DE', 3]])]]);
    kept.set('l1|0|0', { rows: 2, visits: 3 }, sums);
    expect(kept.get('l1|0|0', { rows: 2, visits: 3 })).toBe(sums);
    expect(kept.get('l1|0|0', { rows: 2, visits: 4 })).toBeUndefined();
    expect(kept.get('l1|0|0', { rows: 3, visits: 3 })).toBeUndefined();
    for (let i = 0; i < 256; i++) kept.set(`l2|${i}|0`, { rows: 0, visits: 0 }, new Map());
    expect(kept.get('l1|0|0', { rows: 2, visits: 3 })).toBeUndefined();
  });
});

describe('RollupStats over whole months', () => {
  /** One share's daily rows: a visit from DE each day, a visit from FR on 2026-02-10. */
  function reads() {
    const days: { start: number; visits: number; counts: DimCounts }[] = [];
    for (let t = at('2026-01-01'); t < at('2026-05-01'); t += 86_400) {
      days.push({ start: t, visits: 1, counts: { country: { DE: 1 } } as unknown as DimCounts });
    }
    const read = { dimCounts: 0 };
    const stub = {
      series: (_s: unknown, span: string, from: number, to: number) =>
        Promise.resolve(
          span === 'd'
            ? days
                .filter((d) => d.start >= from && d.start < to)
                .map((d) => ({
                  start: d.start,
                  bot: false,
                  visits: d.visits,
                  uniques: 0,
                  quarters: null,
                }))
            : [],
        ),
      dimCounts: (_s: unknown, span: string, from: number, to: number) => {
        if (span !== 'd') return Promise.resolve([]);
        const rows = days.filter((d) => d.start >= from && d.start < to);
        read.dimCounts += rows.length;
        return Promise.resolve(rows.map((d) => d.counts));
      },
    };
    return { days, read, stats: new RollupStats(stub as unknown as VisitReads) };
  }

  it('should read a whole month once while its rows stay, and again when they change', async () => {
    const { days, read, stats } = reads();
    const range = [
      { linkId: 1 },
      at('2026-01-20'),
      at('2026-04-10'),
      'day',
      'UTC',
      'exclude',
    ] as const;
    const first = await stats.compute(...range);
    // 12 days of January, February, March, 9 days of April.
    expect(first.top.countries).toEqual([{ value: 'DE', visits: 80 }]);
    expect(read.dimCounts).toBe(80);
    // February and March kept: only the days around them are read again.
    expect(await stats.compute(...range)).toEqual(first);
    expect(read.dimCounts).toBe(80 + 21);
    // A visit added to one of February's days: February is read again, March is not.
    const feb10 = days.find((d) => d.start === at('2026-02-10'))!;
    feb10.visits++;
    feb10.counts = { country: { DE: 1, FR: 1 } } as unknown as DimCounts;
    const after = await stats.compute(...range);
    expect(after.top.countries).toEqual([
      { value: 'DE', visits: 80 },
      { value: 'FR', visits: 1 },
    ]);
    expect(read.dimCounts).toBe(80 + 21 + 21 + 28);
  });
});
