import { visitRow } from '../../../test/factories/visit-row.factory';
import { FirstVisits, PendingRollups } from './pending-rollups';
import { dayOf, MAX_VALUES, rollUp, RollupRow, VisitRow } from '../rollups/rollup';
import { visitorKey } from '../../common/visitor-key';

const keyOf = (r: VisitRow) => visitorKey(dayOf(r.at), r.linkId, r.visitorHash);
const pendingOf = (rows: VisitRow[]) => {
  const pending = new PendingRollups();
  rows.forEach((r) => pending.add(r));
  return pending;
};
/** Rows in one order, whatever order they were made in. */
const sorted = (rows: RollupRow[]) =>
  [...rows].sort(
    (a, b) =>
      a.span.localeCompare(b.span) || a.linkId - b.linkId || a.start - b.start || +a.bot - +b.bot,
  );

describe('PendingRollups', () => {
  // 5,000 visits of 300 shares over two days, bots among them, 7 visitors seen again and again.
  const rows = Array.from({ length: 5000 }, (_, i) =>
    visitRow({
      linkId: 1 + ((i * 7) % 300),
      at: new Date(Date.parse('2026-03-29T22:00:00Z') + i * 1000),
      isBot: i % 3 === 0,
      qr: i % 5 === 0,
      referrerHost: i % 2 ? `site${i % 9}.example` : null,
      visitorHash: `visitor-${i % 7}`,
    }),
  );

  it('should count what rollUp counts of the same visits, uniques at the first visits of new visitors', () => {
    const pending = pendingOf(rows);
    expect(pending.length).toBe(5000);
    const keys = pending.visitorKeys();
    expect(keys).toEqual([...new Set(rows.map(keyOf))].sort((a, b) => a - b));
    // Every other visitor was known already (seen earlier that day by another roll-up).
    const fresh = new Set(keys.filter((_, i) => i % 2 === 0));
    const firstOfDay = rows.map(() => false);
    const seen = new Set<number>();
    rows.forEach((r, i) => {
      const key = keyOf(r);
      firstOfDay[i] = fresh.has(key) && !seen.has(key);
      seen.add(key);
    });
    // rollUp takes visits in share order, as read back.
    const order = rows.map((_, i) => i).sort((a, b) => rows[a].linkId - rows[b].linkId || a - b);
    const expected = rollUp(
      order.map((i) => rows[i]),
      order.map((i) => firstOfDay[i]),
      Infinity,
    );
    expect(sorted(pending.rows(fresh, Infinity))).toEqual(sorted(expected));
  });

  it('should put the values past MAX_VALUES of a dimension under OTHER as rollUp does', () => {
    // One share's hour: 700 referrers, each seen again later, and UTM sources on some visits.
    const hour = Date.parse('2026-03-30T10:00:00Z');
    const many = Array.from({ length: 1400 }, (_, i) =>
      visitRow({
        at: new Date(hour + i * 2000),
        referrerHost: `r${i % 700}.example`,
        utmSource: i % 3 === 0 ? `s${i % 4}` : null,
        visitorHash: `v${i % 11}`,
      }),
    );
    const keys = new Set(many.map(keyOf));
    const seen = new Set<number>();
    const firstOfDay = many.map((r) => !seen.has(keyOf(r)) && !!seen.add(keyOf(r)));
    const expected = rollUp(many, firstOfDay, Infinity);
    expect(expected[0].counts.referrer.size).toBe(MAX_VALUES + 1);
    expect(sorted(pendingOf(many).rows(keys, Infinity))).toEqual(sorted(expected));
  });

  it("should count each share's visits, and leave out the shares not kept with their visitors", () => {
    const pending = pendingOf(
      [1, 2, 2, 2, 3, 1].map((linkId, i) => visitRow({ linkId, visitorHash: `v${i}` })),
    );
    expect(pending.countsByShare()).toEqual(
      new Map([
        [1, 2],
        [2, 3],
        [3, 1],
      ]),
    );
    pending.keepOnly(new Set([1, 3]));
    expect(pending.countsByShare()).toEqual(
      new Map([
        [1, 2],
        [3, 1],
      ]),
    );
    expect(pending.visitorKeys()).toHaveLength(3);
    const out = pending.rows(new Set(pending.visitorKeys()), Infinity);
    expect(out.map((r) => r.linkId).sort()).toEqual([1, 1, 3, 3]);
    expect(out.filter((r) => r.span === 'h').map((r) => r.uniques)).toEqual([2, 1]);
  });

  it('should have nothing to add when nothing was counted', () => {
    const pending = new PendingRollups();
    expect(pending.visitorKeys()).toEqual([]);
    expect(pending.rows(new Set(), Infinity)).toEqual([]);
  });
});

describe('FirstVisits', () => {
  it('should keep the first value of each key as it grows, whatever the key', () => {
    const firsts = new FirstVisits();
    const keys = Array.from({ length: 10_000 }, (_, i) => (i - 5000) * 2 ** 38 + i * 64);
    keys.forEach((k, i) => firsts.addFirst(k, i));
    keys.forEach((k) => firsts.addFirst(k, -1));
    firsts.addFirst(0, 7);
    expect(firsts.size).toBe(10_001);
    expect(keys.every((k, i) => firsts.get(k) === i)).toBe(true);
    expect(firsts.get(0)).toBe(7);
    expect(firsts.get(1)).toBeUndefined();
    let n = 0;
    firsts.forEach((k, v) => (n += firsts.get(k) === v ? 1 : 0));
    expect(n).toBe(10_001);
  });
});
