import { visitRow } from '../../../test/factories/visit-row.factory';
import { KeptVisits } from './kept-visits';
import type { RollupVisit } from '../rollups/rollup';

const asRollup = (r: ReturnType<typeof visitRow>): RollupVisit => ({
  linkId: r.linkId,
  accountId: r.accountId,
  at: r.at,
  isBot: r.isBot,
  qr: r.qr,
  visitorHash: r.visitorHash,
  referrerHost: r.referrerHost,
  country: r.country,
  browser: r.browser,
  os: r.os,
  device: r.device,
  language: r.language,
  variant: r.variant,
  utmSource: r.utmSource,
  utmMedium: r.utmMedium,
  utmCampaign: r.utmCampaign,
});

/** Every visit kept, in share order, in parts of 2,000. */
const inShareOrder = (kept: KeptVisits) => [...kept.inShareOrder(kept.countsByShare(), 2000)];
/** Share order, the order kept within a share. */
const byShare = (rows: ReturnType<typeof visitRow>[]) =>
  rows.map(asRollup).sort((a, b) => a.linkId - b.linkId);

describe('kept visits', () => {
  it('should give back what the rollups take of each visit, in share order', () => {
    const rows = [
      visitRow({ linkId: 9, referrerHost: 'example.org', language: 'de' }),
      visitRow({
        linkId: 2 ** 40,
        accountId: 7,
        at: new Date('2026-03-29T00:59:59.999Z'),
        isBot: true,
        qr: true,
        referrerHost: 'exämple.org',
        country: null,
        browser: null,
        os: null,
        device: 'other',
        language: null,
        visitorHash: '0123456789abcdef',
      }),
      visitRow({ linkId: 1, device: 'mobile' }),
    ];
    const kept = new KeptVisits();
    rows.forEach((r) => kept.push(r));
    expect(kept.length).toBe(3);
    expect(inShareOrder(kept)).toEqual([byShare(rows)]);
  });

  it('should keep more visits than it first has room for, and give them in parts of whole shares', () => {
    const rows = Array.from({ length: 5000 }, (_, i) =>
      visitRow({
        linkId: 1 + ((i * 7) % 1000),
        at: new Date(1_764_000_000_000 + i),
        isBot: i % 3 === 0,
        visitorHash: `visitor-${i % 7}`,
      }),
    );
    const kept = new KeptVisits();
    rows.forEach((r) => kept.push(r));
    const parts = inShareOrder(kept);
    // 5 visits a share: 2,000 visits end at a share's last, so parts are exactly 2,000.
    expect(parts.map((p) => p.length)).toEqual([2000, 2000, 1000]);
    expect(parts.flat()).toEqual(byShare(rows));
  });

  it('should leave out the shares not asked for, and never cut a share in two', () => {
    const rows = [1, 2, 2, 2, 3, 1].map((linkId) => visitRow({ linkId }));
    const kept = new KeptVisits();
    rows.forEach((r) => kept.push(r));
    const counts = kept.countsByShare();
    expect(counts).toEqual(
      new Map([
        [1, 2],
        [2, 3],
        [3, 1],
      ]),
    );
    counts.delete(3);
    const parts = [...kept.inShareOrder(counts, 2)];
    expect(parts.map((p) => p.map((r) => r.linkId))).toEqual([
      [1, 1],
      [2, 2, 2],
    ]);
  });

  it('should have nothing to give back when nothing was kept', () => {
    expect(inShareOrder(new KeptVisits())).toEqual([]);
  });
});
