// A visitor of a share on a UTC day, as one integer: the key of `visitor_days` (here, below
// analytics, because the migration that made those keys uses it too). As an integer
// primary key (SQLite's rowid) it costs the writer ~2 µs a visit to record, where the key of day,
// share and 16-character hash cost ~4.5; and it holds no share id to check against `links`.

/** The day whose keys start at 0 (2024-10-04, days since 1970). */
const EPOCH_DAY = 20_000;
const HASH_BITS = 38;
const SPAN = 2 ** HASH_BITS;
/** Days either side of EPOCH_DAY whose keys stay exact in a double (1935 to 2114); further
 *  ones share the last day's keys. */
const DAYS = 2 ** (53 - HASH_BITS) - 1;

/** The first key of `day` (days since 1970): a day's keys lie in [firstKeyOf(day), firstKeyOf(day + 1)). */
export const firstKeyOf = (day: number): number =>
  Math.max(-DAYS, Math.min(DAYS, day - EPOCH_DAY)) * SPAN;

/**
 * The key of `visitorHash` on share `linkId` on `day`: the day's first key plus a 38-bit hash of
 * the other two. Two visitors of a day share a key by chance about once in 2^38 pairs: with a
 * million visitors of shares on one day, about one of them is not counted as unique.
 */
export function visitorKey(day: number, linkId: number, visitorHash: string): number {
  // Two 32-bit murmur-style hashes of the share id and the hash's characters, 38 bits of them.
  let a = mix(0x9747b28c, linkId);
  let b = mix(0x5bd1e995, linkId);
  for (let i = 0; i < visitorHash.length; i++) {
    const c = visitorHash.charCodeAt(i);
    a = mix(a, c);
    b = mix(b, c);
  }
  return firstKeyOf(day) + (finish(a) >>> 0) * 64 + (finish(b) & 63);
}

function mix(h: number, k: number): number {
  k = Math.imul(k, 0xcc9e2d51);
  k = (k << 15) | (k >>> 17);
  h ^= Math.imul(k, 0x1b873593);
  h = (h << 13) | (h >>> 19);
  return (Math.imul(h, 5) + 0xe6546b64) | 0;
}

function finish(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return h ^ (h >>> 16);
}
