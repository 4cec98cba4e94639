import { resolve } from 'node:path';
import { isPlural, usedKeys } from '../../scripts/i18n-keys';
import en from '../../src/i18n/locales/en.json';
import zh from '../../src/i18n/locales/zh-CN.json';

const used = [...usedKeys(resolve(__dirname, '../../src'))];
const placeholders = (s: string) => [...s.matchAll(/{{(\w+)}}/g)].map((m) => m[1]).sort();
const entries = (o: Record<string, string>) => Object.entries(o);

describe('the pages’ words (src/i18n/locales)', () => {
  it('should find the keys of the pages', () => {
    expect(used.length).toBeGreaterThan(400);
    expect(used).toContain('Log in');
  });

  it('should have every key in Simplified Chinese', () => {
    const missing = used.filter((k) => !Object.hasOwn(zh, isPlural(k) ? `${k}_other` : k));
    expect(missing).toEqual([]);
  });

  it('should have both English forms of every key with a count', () => {
    const missing = used
      .filter(isPlural)
      .flatMap((k) => [`${k}_one`, `${k}_other`])
      .filter((k) => !Object.hasOwn(en, k));
    expect(missing).toEqual([]);
  });

  it('should keep no word that no page uses', () => {
    const known = new Set(used.flatMap((k) => [k, `${k}_one`, `${k}_other`]));
    expect([...Object.keys(zh), ...Object.keys(en)].filter((k) => !known.has(k))).toEqual([]);
  });

  it('should keep every {{value}} of the English in each translation', () => {
    const base = (k: string) => k.replace(/_(one|other)$/, '');
    const wrong = [...entries(zh), ...entries(en)].filter(
      ([k, v]) => placeholders(base(k)).join() !== placeholders(v).join(),
    );
    expect(wrong).toEqual([]);
  });
});
