import { firstKeyOf, visitorKey } from './visitor-key';

const DAY = 20_600; // 2026-05-27

describe('visitorKey', () => {
  it("should keep each day's keys between its first key and the next day's", () => {
    for (const day of [0, 19_000, DAY, 40_000]) {
      for (const [link, hash] of [
        [1, '0000000000000000'],
        [2 ** 31, 'ffffffffffffffff'],
        [77, 'h'],
      ] as const) {
        const key = visitorKey(day, link, hash);
        expect(Number.isSafeInteger(key)).toBe(true);
        expect(key).toBeGreaterThanOrEqual(firstKeyOf(day));
        expect(key).toBeLessThan(firstKeyOf(day + 1));
      }
    }
  });

  it('should be the same for the same visitor, share and day only', () => {
    const key = visitorKey(DAY, 5, 'a1b2c3d4e5f60718');
    expect(visitorKey(DAY, 5, 'a1b2c3d4e5f60718')).toBe(key);
    expect(visitorKey(DAY, 6, 'a1b2c3d4e5f60718')).not.toBe(key);
    expect(visitorKey(DAY, 5, 'a1b2c3d4e5f60719')).not.toBe(key);
    expect(visitorKey(DAY + 1, 5, 'a1b2c3d4e5f60718')).not.toBe(key);
  });

  it('should spread 50,000 visitors of 500 shares over distinct keys', () => {
    const keys = new Set<number>();
    for (let link = 1; link <= 500; link++) {
      for (let v = 0; v < 100; v++)
        keys.add(visitorKey(DAY, link, v.toString(16).padStart(16, '0')));
    }
    // 5e4 keys in 2^38: a collision is a one-in-200,000 chance.
    expect(keys.size).toBe(50_000);
    const low = [...keys].filter((k) => k - firstKeyOf(DAY) < 2 ** 37).length;
    expect(low / keys.size).toBeCloseTo(0.5, 1);
  });
});
