import { visitRow } from '../../../test/factories/visit-row.factory';
import { fromColumns, toColumns } from './visit-columns';

describe('visit columns', () => {
  it('should give back, across a structured clone, every field of every visit', () => {
    const rows = [
      visitRow(),
      visitRow({
        linkId: 2 ** 40,
        accountId: 7,
        domainId: 3,
        kind: 'file',
        at: new Date('2026-03-29T00:59:59.999Z'),
        isBot: true,
        qr: true,
        referrerHost: 'exämple.org',
        referrerUrl: 'https://exämple.org/ü?x=1',
        country: 'JP',
        browser: null,
        os: null,
        device: 'other',
        language: 'ja',
        visitorHash: '0123456789abcdef',
        eventId: '1732500000000-0',
      }),
      visitRow({ isBot: false, qr: true, country: null }),
      visitRow({ isBot: true, qr: false, device: 'mobile' }),
    ];
    expect(fromColumns(structuredClone(toColumns(rows)))).toEqual(rows);
  });

  it('should carry each distinct string of a batch once', () => {
    const rows = [visitRow({ country: 'DE' }), visitRow({ country: 'DE' }), visitRow()];
    const { strings } = toColumns(rows);
    expect(new Set(strings).size).toBe(strings.length);
    const [a, b] = fromColumns(structuredClone(toColumns(rows)));
    expect(a.country).toBe('DE');
    expect(b.visitorHash).toBe(a.visitorHash);
  });

  it('should carry an empty batch', () => {
    expect(fromColumns(structuredClone(toColumns([])))).toEqual([]);
  });
});
