import { badgesOf, inWords } from './share-badges';

const NOW = 1_800_000_000;

describe('share badges', () => {
  it('should put what stops a share first', () => {
    const labels = badgesOf(
      { taken_down_reason: 'spam', is_expired: true, has_password: true },
      NOW,
    ).map((b) => `${b.label}/${b.tone}`);
    expect(labels).toEqual(['Taken down: spam/warn', 'Expired/warn', 'Password/']);
  });

  it('should say when a live share expires, and nothing for a plain one', () => {
    expect(badgesOf({ expire_at: NOW + 3 * 86_400 + 5, is_expired: false }, NOW)).toEqual([
      { label: 'Expires in 3 days', tone: '' },
    ]);
    expect(badgesOf({ burn_after_read: true, is_private: true }, NOW).map((b) => b.label)).toEqual([
      'One-time',
      'Private',
    ]);
    expect(badgesOf({}, NOW)).toEqual([]);
  });

  it('should round down to the larger unit', () => {
    expect(inWords(1)).toBe('in 1 minute');
    expect(inWords(2 * 3600 + 59)).toBe('in 2 hours');
    expect(inWords(86_400)).toBe('in 1 day');
  });
});
