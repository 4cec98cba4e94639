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

describe('kept visits', () => {
  it('should give back what the rollups take of each visit, in the order kept', () => {
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
    expect(kept.rows()).toEqual(rows.map(asRollup));
  });

  it('should keep more visits than it first has room for', () => {
    const rows = Array.from({ length: 5000 }, (_, i) =>
      visitRow({
        linkId: i + 1,
        at: new Date(1_764_000_000_000 + i),
        isBot: i % 3 === 0,
        visitorHash: `visitor-${i % 7}`,
      }),
    );
    const kept = new KeptVisits();
    rows.forEach((r) => kept.push(r));
    expect(kept.rows()).toEqual(rows.map(asRollup));
  });

  it('should have nothing to give back when nothing was kept', () => {
    expect(new KeptVisits().rows()).toEqual([]);
  });
});
