// The calls `npm run bench:scale` times on the filled database, one at a time, as one user
// clicking through would: p50 and p99 of a few hundred each, after a few unmeasured.
import type { Seeded } from './generate';
import { TITLE_WORDS } from './generate';

export interface CaseResult {
  p50_ms: number | null;
  p99_ms: number | null;
  /** Why a case has no figures (an answer that was not the expected one: a timeout's 503). */
  failed?: string;
}

export interface Target {
  base: string;
  /** The service's hosts, the default first, as it was started with them. */
  hosts: string[];
  token: string;
  /** The big account's session cookie (account pages). */
  cookie: string;
}

const CALLS = 200;
const WARM_UP = 10;
/** A case slower than this a call is timed fewer times: its p99 is far off the target anyway. */
const SLOW_MS = 500;
const SLOW_CALLS = 20;
/** A download given up after its first byte; a user starts the next one later than this. */
const SETTLE_MS = 200;
const DAY = 86_400;

/** `none`: a list of what the account has none of (that walk is what is timed). */
type Call = (k: number) => { path: string; html?: boolean; firstByte?: boolean; none?: boolean };

/** Each case: the call it makes the k-th time (another tag, another slug...), and its answer. */
function casesOf(s: Seeded, hosts: string[]): Record<string, { call: Call; status: number }> {
  const api =
    (path: string): Call =>
    () => ({ path });
  const deep = Math.min(10_000, Math.floor(s.bigLinks / 30));
  const year = `from=${s.now - 365 * DAY}&to=${s.now}&tz=UTC`;
  const random = (n: number) => Math.floor(Math.random() * n);
  const seen = new Set<number>();
  /** A link never asked for before, on the default domain (`base`), a redirect (not a text or file). */
  const freshRedirect = () => {
    for (;;) {
      const id = 100 * random(Math.floor(s.shape.links / 100)) + [0, 3, 5, 7, 9][random(5)];
      if (id > 0 && !seen.has(id)) return seen.add(id) && id;
    }
  };
  /** The two title words of one of the big account's links (generate.ts makes them of its id). */
  const words = () => {
    const id = 10 * (1 + random(s.bigLinks));
    const n = TITLE_WORDS.length;
    return `${TITLE_WORDS[id % n]} ${TITLE_WORDS[Math.floor(id / n) % n]}`;
  };
  return {
    redirect_uncached: { call: () => ({ path: `/k${freshRedirect()}` }), status: 302 },
    links_first_page: { call: api('/api/v1/links'), status: 200 },
    // Page `deep` by the id its previous page ended with (the big account's links are every tenth
    // id, newest first), and by its number, the offset walking past every link before it.
    [`links_page_${deep}`]: {
      call: api(`/api/v1/links?after=${10 * (s.bigLinks - (deep - 1) * 30 + 1)}`),
      status: 200,
    },
    [`links_page_${deep}_by_offset`]: { call: api(`/api/v1/links?page=${deep}`), status: 200 },
    links_by_tag: {
      call: (k) => ({ path: `/api/v1/links?tag_id=${s.tagIds[k % s.tagIds.length]}` }),
      status: 200,
    },
    links_by_domain: {
      call: (k) => ({ path: `/api/v1/links?domain=${hosts[k % hosts.length]}` }),
      status: 200,
    },
    links_by_visits: { call: api('/api/v1/links?sort=visits'), status: 200 },
    search_slug_prefix: {
      call: () => ({ path: `/api/v1/links?q=k${10 * (1 + random(s.bigLinks))}` }),
      status: 200,
    },
    search_title_words: {
      call: () => ({ path: `/api/v1/links?q=${encodeURIComponent(words())}` }),
      status: 200,
    },
    // The big account's shares of the kinds it has few or none of, among its million links.
    texts_first_page: { call: api('/api/v1/texts'), status: 200 },
    texts_by_visits: { call: api('/api/v1/texts?sort=visits'), status: 200 },
    links_of_rare_kind_by_visits: {
      call: () => ({ path: '/api/v1/links?kind=bio&sort=visits', none: true }),
      status: 200,
    },
    bio_pages: { call: api('/api/v1/bios'), status: 200 },
    bundles: { call: api('/api/v1/bundles'), status: 200 },
    qr_codes: { call: api('/api/v1/qrcodes'), status: 200 },
    texts_page: { call: () => ({ path: '/account/texts', html: true }), status: 200 },
    files_page: { call: () => ({ path: '/account/files', html: true }), status: 200 },
    yourls_db_stats: { call: api('/yourls-api.php?action=db-stats&format=json'), status: 200 },
    usage: { call: api('/api/v1/usage'), status: 200 },
    account: { call: api('/api/v1/account'), status: 200 },
    overview_page: { call: () => ({ path: '/account', html: true }), status: 200 },
    links_page: { call: () => ({ path: '/account/links', html: true }), status: 200 },
    busy_link_stats_year_by_day: {
      call: api(`/api/v1/links/${s.busyLinkId}/stats?${year}&interval=day`),
      status: 200,
    },
    busy_link_stats_year_by_week: {
      call: api(`/api/v1/links/${s.busyLinkId}/stats?${year}&interval=week`),
      status: 200,
    },
    account_stats_90_days: {
      call: api(`/api/v1/stats?from=${s.now - 90 * DAY}&to=${s.now}&tz=UTC&interval=day`),
      status: 200,
    },
    busy_link_visits_csv_first_byte: {
      call: () => ({ path: `/api/v1/links/${s.busyLinkId}/visits?format=csv`, firstByte: true }),
      status: 200,
    },
  };
}

/** Times every case; a case whose answer is not the expected status fails the bench. */
export async function measure(s: Seeded, t: Target): Promise<Record<string, CaseResult>> {
  const results: Record<string, CaseResult> = {};
  for (const [name, c] of Object.entries(casesOf(s, t.hosts))) {
    const ms: number[] = [];
    let calls = CALLS;
    try {
      for (let k = 0; k < WARM_UP + calls; k++) {
        const took = await timeOne(t, c.call(k), c.status, name);
        if (k === WARM_UP - 1 && took > SLOW_MS) calls = SLOW_CALLS;
        if (k >= WARM_UP) ms.push(took);
      }
    } catch (e) {
      // The other cases are still timed; the summary says which failed and why.
      results[name] = { p50_ms: null, p99_ms: null, failed: (e as Error).message };
      console.log(`#   ${name}: failed: ${(e as Error).message}`);
      continue;
    }
    ms.sort((a, b) => a - b);
    const at = (q: number) =>
      Math.round(ms[Math.min(ms.length - 1, Math.ceil(q * ms.length) - 1)] * 10) / 10;
    results[name] = { p50_ms: at(0.5), p99_ms: at(0.99) };
    console.log(
      `#   ${name}: p50 ${results[name].p50_ms} ms, p99 ${results[name].p99_ms} ms (${calls} calls)`,
    );
  }
  return results;
}

async function timeOne(t: Target, c: ReturnType<Call>, status: number, name: string) {
  const headers: Record<string, string> = c.html
    ? { accept: 'text/html', cookie: t.cookie }
    : { authorization: `Bearer ${t.token}` };
  const started = performance.now();
  const res = await fetch(`${t.base}${c.path}`, { headers, redirect: 'manual' });
  if (c.firstByte) {
    const reader = res.body!.getReader();
    await reader.read();
    const took = performance.now() - started;
    await reader.cancel();
    check(res.status, status, name, c.path);
    // The service notices the download was given up a moment later: the next call starts after.
    await new Promise((r) => setTimeout(r, SETTLE_MS));
    return took;
  }
  const body = await res.text();
  const took = performance.now() - started;
  check(res.status, status, name, c.path);
  // A list that found nothing would be timing the wrong thing: each finds some of the links,
  // but for a kind the account has none of.
  if (c.path.startsWith('/api/v1/links?') || c.path === '/api/v1/links') {
    const found = (JSON.parse(body) as { data: unknown[] }).data.length;
    if (found === 0 && !c.none) throw new Error(`${name}: ${c.path} found nothing`);
    if (found > 0 && c.none) throw new Error(`${name}: ${c.path} found ${found}, expected none`);
  }
  return took;
}

function check(got: number, want: number, name: string, path: string) {
  if (got !== want) throw new Error(`${name}: ${path} answered ${got}, not ${want}`);
}
