// What a search of an account's links looks for: slugs that start with the text, and titles or
// target URLs holding each of its words (the last may be the start of one). Both are index lookups,
// so a search costs the same at 100 links and at a million (a LIKE '%text%' read every link).
//
// The full-text index holds each word with its account in front (`a12xharbor`: account 12,
// "harbor"): a search then reads its own account's entries of a word, not every account's (at
// 10 million links a common word stood in 600,000 titles, read for every search), and every word
// is long enough for InnoDB's index (it leaves out words under 3 letters and its stop words).

/** Words past this many are left out of the full-text query. */
const MAX_WORDS = 8;

export interface LinkSearch {
  /** Slugs in [slugFrom, slugTo): those starting with the text. */
  slugFrom: string;
  slugTo: string;
  /** The full-text query (FTS5 or MySQL boolean mode); null when the text has no word. */
  words: string | null;
  /**
   * The same words as LIKE patterns of the indexed words with a space on either side, all to be
   * matched: ` a12xharbor ` for a word, ` a12xharb` for the last one (see searchNewestFirst).
   */
  likes: string[];
}

/** Letters and digits: what SQLite's unicode61 tokenizer and InnoDB's parser make words of. */
const wordsOf = (text: string): string[] => [
  ...new Set(
    text
      .normalize('NFC')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? [],
  ),
];

/** A word as the index holds it: the account's id before it (digits, then `x`, then the word). */
const inAccount = (accountId: number, word: string) => `a${accountId}x${word}`;

/** What the full-text index holds of a link: its title's and target's words, each once. */
export function indexedWords(
  accountId: number,
  title: string | null,
  targetUrl: string | null,
): string {
  return wordsOf(`${title ?? ''} ${targetUrl ?? ''}`)
    .map((w) => inAccount(accountId, w))
    .join(' ');
}

export function linkSearch(text: string, accountId: number, mysql: boolean): LinkSearch {
  const words = wordsOf(text).slice(0, MAX_WORDS);
  // Whole words, but the last: the one still being typed is a prefix (prefixes cost the index
  // twice as much as words: every term starting so is read).
  const last = words.length - 1;
  const query = words
    .map((w, i) => {
      const word = inAccount(accountId, w);
      return (mysql ? `+${word}` : `"${word}"`) + (i === last ? '*' : '');
    })
    .join(' ');
  // Words are letters and digits only: nothing in them means anything to LIKE.
  const likes = words.map((w, i) => `% ${inAccount(accountId, w)}${i === last ? '' : ' '}%`);
  // U+10FFFF sorts after every character, in SQLite's bytes and MySQL's binary collation alike.
  return { slugFrom: text, slugTo: `${text}\u{10FFFF}`, words: query || null, likes };
}
