import { toBool, toInt } from './transforms';

describe('toInt and toBool (settings and query strings)', () => {
  it('should turn integer strings into numbers and leave the rest to the validator', () => {
    expect(toInt({ value: '42' })).toBe(42);
    expect(toInt({ value: ' -7 ' })).toBe(-7);
    expect(toInt({ value: '4.2' })).toBe('4.2');
    expect(toInt({ value: '0x10' })).toBe('0x10');
    expect(toInt({ value: 3 })).toBe(3);
  });

  it('should read the usual words for true and false', () => {
    for (const v of ['1', 'true', 'YES', ' on ']) expect(toBool({ value: v })).toBe(true);
    for (const v of ['0', 'false', 'No', 'off']) expect(toBool({ value: v })).toBe(false);
    expect(toBool({ value: 'maybe' })).toBe('maybe');
  });
});
