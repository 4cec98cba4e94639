import { bucketStart, isTimeZone, nextBucket } from './zone-buckets';

const at = (iso: string) => Date.parse(iso);
const iso = (ms: number) => new Date(ms).toISOString();

describe('Buckets in a time zone', () => {
  it('should put 23:30 UTC on the next day in Europe/Berlin', () => {
    const t = at('2026-03-10T23:30:00Z');
    expect(iso(bucketStart(t, 'day', 'UTC'))).toBe('2026-03-10T00:00:00.000Z');
    expect(iso(bucketStart(t, 'day', 'Europe/Berlin'))).toBe('2026-03-10T23:00:00.000Z');
  });

  it('should start days at local midnight in a half-hour zone', () => {
    const t = at('2026-06-01T18:45:00Z'); // 00:15 on June 2 in Kolkata (+05:30)
    expect(iso(bucketStart(t, 'day', 'Asia/Kolkata'))).toBe('2026-06-01T18:30:00.000Z');
    expect(iso(bucketStart(t, 'hour', 'Asia/Kolkata'))).toBe('2026-06-01T18:30:00.000Z');
  });

  it('should make the DST days 23 and 25 hours long', () => {
    const spring = bucketStart(at('2026-03-29T12:00:00Z'), 'day', 'Europe/Berlin');
    expect(iso(spring)).toBe('2026-03-28T23:00:00.000Z');
    expect(nextBucket(spring, 'day', 'Europe/Berlin') - spring).toBe(23 * 3_600_000);
    const autumn = bucketStart(at('2026-10-25T12:00:00Z'), 'day', 'Europe/Berlin');
    expect(nextBucket(autumn, 'day', 'Europe/Berlin') - autumn).toBe(25 * 3_600_000);
  });

  it('should start weeks on Monday and months on the first, in the zone', () => {
    const t = at('2026-11-22T10:00:00Z'); // a Sunday
    expect(iso(bucketStart(t, 'week', 'UTC'))).toBe('2026-11-16T00:00:00.000Z');
    expect(iso(bucketStart(t, 'month', 'America/New_York'))).toBe('2026-11-01T04:00:00.000Z');
    const dec = nextBucket(
      bucketStart(t, 'month', 'America/New_York'),
      'month',
      'America/New_York',
    );
    expect(iso(dec)).toBe('2026-12-01T05:00:00.000Z');
  });

  it('should step hour by hour across a DST change without repeating a bucket', () => {
    let b = bucketStart(at('2026-03-29T00:30:00Z'), 'hour', 'Europe/Berlin');
    const seen = [];
    for (let i = 0; i < 4; i++) {
      seen.push(iso(b));
      b = nextBucket(b, 'hour', 'Europe/Berlin');
    }
    expect(new Set(seen).size).toBe(4);
    expect(seen[1]).toBe('2026-03-29T01:00:00.000Z');
  });

  it('should start each day at local midnight of the same local date, in odd zones too', () => {
    const local = (ms: number, tz: string) =>
      new Intl.DateTimeFormat('sv-SE', {
        timeZone: tz,
        dateStyle: 'short',
        timeStyle: 'short',
      }).format(ms); // "2026-03-29 00:00"
    const zones = ['Asia/Kathmandu', 'Pacific/Chatham', 'Australia/Lord_Howe', 'America/St_Johns'];
    for (const tz of zones) {
      // Every ~7.3 days for 20 years: each DST change is near one of them.
      for (let t = at('2010-01-01T00:00:00Z'); t < at('2030-01-01T00:00:00Z'); t += 631_000_000) {
        const start = bucketStart(t, 'day', tz);
        expect(local(start, tz)).toBe(`${local(t, tz).slice(0, 10)} 00:00`);
        expect(start).toBeLessThanOrEqual(t);
      }
    }
  });

  it('should know real zones only', () => {
    expect(isTimeZone('Europe/Berlin')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
  });
});
