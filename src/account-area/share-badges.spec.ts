import { wordsFor } from '../i18n/i18n';
import { badgesOf, expiresInWords } from './share-badges';

const NOW = 1_800_000_000;
const en = wordsFor('en');
const zh = wordsFor('zh-CN');

describe('share badges', () => {
  it('should put what stops a share first', () => {
    const labels = badgesOf(
      { taken_down_reason: 'spam', is_expired: true, has_password: true },
      NOW,
      en,
    ).map((b) => `${b.label}/${b.tone}`);
    expect(labels).toEqual(['Taken down: spam/warn', 'Expired/warn', 'Password/']);
  });

  it('should say when a live share expires, and nothing for a plain one', () => {
    expect(badgesOf({ expire_at: NOW + 3 * 86_400 + 5, is_expired: false }, NOW, en)).toEqual([
      { label: 'Expires in 3 days', tone: '' },
    ]);
    const labels = badgesOf({ burn_after_read: true, is_private: true }, NOW, en);
    expect(labels.map((b) => b.label)).toEqual(['One-time', 'Private']);
    expect(badgesOf({}, NOW, en)).toEqual([]);
  });

  it('should round down to the larger unit, in the singular for one', () => {
    expect(expiresInWords(1, en)).toBe('Expires in 1 minute');
    expect(expiresInWords(2 * 3600 + 59, en)).toBe('Expires in 2 hours');
    expect(expiresInWords(86_400, en)).toBe('Expires in 1 day');
    expect(expiresInWords(86_400 * 2, zh)).toBe('2 天后过期');
  });
});
