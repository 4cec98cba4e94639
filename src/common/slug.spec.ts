import { isReservedSlug, randomSlug, SLUG_PATTERN } from './slug';

describe('randomSlug', () => {
  it('should give base62 strings of the asked length', () => {
    for (const n of [1, 6, 12]) expect(randomSlug(n)).toMatch(new RegExp(`^[A-Za-z0-9]{${n}}$`));
  });

  it('should use the whole alphabet about evenly', () => {
    const counts = new Map<string, number>();
    for (const c of randomSlug(62_000)) counts.set(c, (counts.get(c) ?? 0) + 1);
    expect(counts.size).toBe(62);
    for (const n of counts.values()) expect(n).toBeGreaterThan(700); // expected 1,000 each
  });

  it('should not repeat in practice', () => {
    const seen = new Set(Array.from({ length: 10_000 }, () => randomSlug(6)));
    expect(seen.size).toBe(10_000);
  });
});

describe('slug rules', () => {
  it('should accept 1-64 of A-Z a-z 0-9 _ - only', () => {
    expect(SLUG_PATTERN.test('a')).toBe(true);
    expect(SLUG_PATTERN.test('A_b-9'.padEnd(64, 'x'))).toBe(true);
    for (const bad of ['', 'a'.repeat(65), 'a/b', 'a.b', 'a b', 'é']) {
      expect(SLUG_PATTERN.test(bad)).toBe(false);
    }
  });

  it('should reserve the service paths whatever their case', () => {
    expect(isReservedSlug('API')).toBe(true);
    expect(isReservedSlug('health')).toBe(true);
    expect(isReservedSlug('apis')).toBe(false);
  });
});
