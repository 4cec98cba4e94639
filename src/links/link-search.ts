// What a search of an account's links looks for: slugs that start with the text, and titles or
// target URLs holding each of its words (the last may be the start of one). Both are index lookups, so a
// search costs the same at 100 links and at a million (a LIKE '%text%' read every link).

/** Words past this many are left out of the full-text query. */
const MAX_WORDS = 8;
/** InnoDB leaves shorter words out of its FULLTEXT index (innodb_ft_min_token_size). */
const MYSQL_MIN_WORD = 3;

export interface LinkSearch {
  /** Slugs in [slugFrom, slugTo): those starting with the text. */
  slugFrom: string;
  slugTo: string;
  /** The full-text query (FTS5 or MySQL boolean mode); null when no word is long enough. */
  words: string | null;
  /** MySQL: LIKE patterns of the words too short for its index, checked on what it found. */
  short: string[];
}

export function linkSearch(text: string, mysql: boolean): LinkSearch {
  // Letters and digits: what SQLite's unicode61 tokenizer and InnoDB's parser make words of.
  const found = [...new Set(text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])];
  const all = found.slice(0, MAX_WORDS);
  const indexed = mysql ? all.filter((w) => w.length >= MYSQL_MIN_WORD) : all;
  // Whole words, but the last: the one still being typed is a prefix (prefixes cost the index
  // twice as much as words: every term starting so is read).
  const last = indexed.length - 1;
  const query = indexed
    .map((w, i) => (mysql ? `+${w}` : `"${w}"`) + (i === last ? '*' : ''))
    .join(' ');
  const short = mysql ? all.filter((w) => w.length < MYSQL_MIN_WORD).map((w) => `%${w}%`) : [];
  // U+10FFFF sorts after every character, in SQLite's bytes and MySQL's binary collation alike.
  return { slugFrom: text, slugTo: `${text}\u{10FFFF}`, words: query || null, short };
}
