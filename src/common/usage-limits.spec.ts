import { limitOf, parseUsageLimits, periodKeys, USAGE_LIMITS_PATTERN } from './usage-limits';

describe('usage limits', () => {
  it('should read a plan list, and leave what it does not name unlimited (-1)', () => {
    const limits = parseUsageLimits('link_day=100, api_month=5000,qrcode_day=0');
    expect(limits).toEqual({ link_day: 100, api_month: 5000, qrcode_day: 0 });
    expect(limitOf(limits, 'link', 'day')).toBe(100);
    expect(limitOf(limits, 'qrcode', 'day')).toBe(0);
    expect(limitOf(limits, 'text', 'month')).toBe(-1);
    expect(parseUsageLimits(null)).toEqual({});
  });

  it.each(['', 'link_day=1', 'api_day=1,api_month=2,upload_month=3'])('should accept %p', (v) => {
    expect(USAGE_LIMITS_PATTERN.test(v)).toBe(true);
  });

  it.each(['link=1', 'link_day=', 'link_day=-1', 'links_day=1', 'link_day=1,', 'link_day=1;x'])(
    'should refuse %p',
    (v) => expect(USAGE_LIMITS_PATTERN.test(v)).toBe(false),
  );

  it('should key counters by UTC day and month', () => {
    expect(periodKeys(new Date('2026-11-30T23:59:59.999Z'))).toEqual({
      day: '2026-11-30',
      month: '2026-11',
    });
    expect(periodKeys(new Date('2026-12-01T00:00:00Z')).month).toBe('2026-12');
  });
});
