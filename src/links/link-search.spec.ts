import { linkSearch } from './link-search';

describe('linkSearch', () => {
  it('should find slugs by prefix, words by the full-text index (the last one a prefix)', () => {
    expect(linkSearch('Go-2 "Spring" OR sale*', false)).toEqual({
      slugFrom: 'Go-2 "Spring" OR sale*',
      slugTo: 'Go-2 "Spring" OR sale*\u{10FFFF}',
      words: '"go" "2" "spring" "or" "sale"*',
      short: [],
    });
  });

  it('should check words MySQL does not index by LIKE, and find nothing to match in symbols', () => {
    expect(linkSearch('list.example/4 go', true)).toMatchObject({
      words: '+list +example*',
      short: ['%4%', '%go%'],
    });
    expect(linkSearch('%_!', true)).toMatchObject({ words: null, short: [] });
    expect(linkSearch('%_!', false)).toMatchObject({ words: null });
  });
});
