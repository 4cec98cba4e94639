import { indexedWords, linkSearch } from './link-search';

describe('linkSearch', () => {
  it("should find slugs by prefix, the account's words by the full-text index (the last a prefix)", () => {
    expect(linkSearch('Go-2 "Spring" OR sale*', 12, false)).toEqual({
      slugFrom: 'Go-2 "Spring" OR sale*',
      slugTo: 'Go-2 "Spring" OR sale*\u{10FFFF}',
      words: '"a12xgo" "a12x2" "a12xspring" "a12xor" "a12xsale"*',
      likes: ['% a12xgo %', '% a12x2 %', '% a12xspring %', '% a12xor %', '% a12xsale%'],
    });
  });

  it('should ask MySQL for every word, short ones too, and find nothing to match in symbols', () => {
    expect(linkSearch('list.example/4 go', 7, true)).toMatchObject({
      words: '+a7xlist +a7xexample +a7x4 +a7xgo*',
    });
    expect(linkSearch('%_!', 7, true)).toMatchObject({ words: null, likes: [] });
    expect(linkSearch('%_!', 7, false)).toMatchObject({ words: null });
  });
});

describe('indexedWords', () => {
  it("should hold each word of the title and target once, in the account's name, any case", () => {
    expect(indexedWords(3, 'Café Menu: café', 'https://Example.com/menu')).toBe(
      'a3xcafé a3xmenu a3xhttps a3xexample a3xcom',
    );
    expect(indexedWords(3, null, 'https://x.example/')).toBe('a3xhttps a3xx a3xexample');
  });

  it('should keep two accounts apart whatever their ids and words', () => {
    // Without the `x` after the id, account 1's "23" and account 12's "3" would both be `a123`.
    expect(indexedWords(1, '23', '')).toBe('a1x23');
    expect(indexedWords(12, '3', '')).toBe('a12x3');
  });
});
