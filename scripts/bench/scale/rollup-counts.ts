// The `counts` of generated rollup rows: every dimension, values as many as a busy share has,
// each dimension adding up to the row's visits.

type Spec = Record<string, string[]>;

const hosts = (n: number) => Array.from({ length: n }, (_, k) => `site${k}.example`);
const COUNTRIES = 'US DE FR GB IN BR JP CA NL SE ES IT PL MX KR AU CN RU TR ID'.split(' ');

/** A busy share's hour: 40 referrers, 20 countries, a split, UTM. */
export const HOUR_COUNTS: Spec = {
  referrer: ['', ...hosts(40)],
  country: ['', ...COUNTRIES],
  browser: ['', 'Chrome', 'Safari', 'Firefox', 'Edge', 'Opera'],
  os: ['', 'Windows', 'iOS', 'Android', 'macOS', 'Linux'],
  device: ['desktop', 'mobile', 'tablet'],
  language: ['', 'en-us', 'de-de', 'fr-fr', 'ja', 'es-es', 'zh-cn', 'pt-br'],
  source: ['', 'qr'],
  variant: ['a', 'b'],
  utm_source: ['newsletter', 'twitter', 'mastodon'],
  utm_medium: ['email', 'social'],
  utm_campaign: ['spring', 'launch'],
};

/** Its day: more of every long tail. */
export const DAY_COUNTS: Spec = { ...HOUR_COUNTS, referrer: ['', ...hosts(200)] };

/** One of many shares' days: a few values each. */
export const SHARE_DAY_COUNTS: Spec = {
  referrer: ['', ...hosts(5)],
  country: ['', ...COUNTRIES.slice(0, 6)],
  browser: ['', 'Chrome', 'Safari', 'Firefox'],
  os: ['', 'Windows', 'iOS', 'Android'],
  device: ['desktop', 'mobile'],
  language: ['', 'en-us', 'de-de'],
  source: ['', 'qr'],
  variant: [],
  utm_source: [],
  utm_medium: [],
  utm_campaign: [],
};

/** The counts as stored: `visits` shared out over each dimension's values by Zipf's law. */
export function countsJson(spec: Spec, visits: number): string {
  const counts: Record<string, Record<string, number>> = {};
  for (const [dimension, values] of Object.entries(spec)) {
    const weights = values.map((_, k) => 1 / (k + 1));
    const sum = weights.reduce((a, b) => a + b, 0);
    const share: Record<string, number> = {};
    values.forEach((value, k) => (share[value] = Math.floor((visits * weights[k]) / sum)));
    // What the rounding left goes to the first value: each dimension adds up to the visits.
    if (values.length) share[values[0]] += visits - Object.values(share).reduce((a, b) => a + b);
    counts[dimension] = share;
  }
  return JSON.stringify(counts);
}
