/**
 * One child process of `npm run bench` (pinned to core 0): the built app on the database in
 * DB_URL, one link, and 1,000,000 synthetic visits over 90 days pushed through the recorder as
 * fast as it takes them. Prints one JSON line: visits/s sustained, stored (raw rows and the
 * rollups' sum, both must equal sent), dropped, the CPU per visit of this process (all its
 * threads: the recorder, the flusher, SQLite's writer thread) and of the MySQL server (when it is
 * on this machine and its /proc readable), and the latency of a 90-day stats query.
 */
import 'reflect-metadata';
import { performance } from 'node:perf_hooks';
import { DataSource } from 'typeorm';
import { createApp } from '../../src/app.setup';
import type { RawVisit } from '../../src/analytics/capture/raw-visit';
import { VisitRecorder } from '../../src/analytics/capture/visit-recorder';
import { validateEnv } from '../../src/config/validate-env';
import { cpuMicros, databaseServerPid } from './harness';

const SENT = Number(process.env.BENCH_VISITS ?? 1_000_000);
const QUERIES = Number(process.env.BENCH_QUERIES ?? 200);
const DAY_MS = 86_400_000;
const ZONES = ['UTC', 'Europe/Berlin', 'Asia/Kolkata', 'America/New_York'];
const WARM_UP = 2 * ZONES.length;
const pick = <T>(xs: T[], i: number) => xs[i % xs.length];
const AGENTS = Array.from(
  { length: 120 },
  (_, i) =>
    [
      `Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:${100 + i}.0) Gecko/20100101 Firefox/${100 + i}.0`,
      `Mozilla/5.0 (iPhone; CPU iPhone OS 17_${i} like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1`,
      `Mozilla/5.0 (Linux; Android 14; Pixel ${i}) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${100 + i}.0.0.0 Mobile Safari/537.36`,
      'Googlebot/2.1 (+http://www.google.com/bot.html)',
    ][i % 4],
);
const COUNTRIES = ['US', 'DE', 'FR', 'GB', 'IN', 'BR', 'JP', 'CA', 'NL', 'SE', 'ES', 'IT', 'PL'];
const REFERRERS = [
  undefined,
  ...Array.from({ length: 40 }, (_, i) => `https://site${i}.example/p`),
];
const LANGUAGES = ['en-US', 'de-DE', 'fr-FR', 'ja', 'pt-BR', 'es', 'nl', 'sv', 'pl', 'it'];

async function main() {
  const env = validateEnv({ ...process.env, ANALYTICS_RECORD: 'true', TRUST_PROXY: 'true' });
  const app = await createApp(env);
  await app.listen(env.PORT, '127.0.0.1');
  const base = `http://127.0.0.1:${env.PORT}`;
  const json = async (path: string, init: RequestInit = {}) => {
    const res = await fetch(`${base}${path}`, init);
    return ((await res.json()) as { data: Record<string, unknown> }).data;
  };
  const post = { method: 'POST', headers: { 'content-type': 'application/json' } };
  const { token } = (await json('/api/v1/auth/signup', {
    ...post,
    body: JSON.stringify({ email: 'ingest@example.com', password: 'benchmark password' }),
  })) as { token: string };
  const auth = { authorization: `Bearer ${token}` };
  // S.EE's answer has the address only; the link's own URL (and id) is in Location.
  const made = await fetch(`${base}/api/v1/shorten`, {
    method: 'POST',
    headers: { ...post.headers, ...auth },
    body: JSON.stringify({ target_url: 'https://example.com/', custom_slug: 'ingest' }),
  });
  const id = Number(made.headers.get('location')?.split('/').pop());
  const db = app.get(DataSource);
  const [link] = await db.query<{ account_id: number; domain_id: number }[]>(
    'SELECT account_id, domain_id FROM links WHERE id = ?',
    [id],
  );

  // With BENCH_LINKS > 1 the visits spread over that many links (copies of the first).
  const links = [id];
  for (let i = 1; i < Number(process.env.BENCH_LINKS ?? 1); i++) {
    await db.query(
      'INSERT INTO links (account_id, domain_id, slug, kind, target_url, redirect_code, clicks, created_at, updated_at) ' +
        'SELECT account_id, domain_id, ?, kind, target_url, redirect_code, 0, created_at, updated_at FROM links WHERE id = ?',
      [`ingest${i}`, id],
    );
    links.push(Number((await db.query<{ id: number }[]>('SELECT MAX(id) AS id FROM links'))[0].id));
  }
  const recorder = app.get(VisitRecorder);
  const server = env.DB_URL.startsWith('mysql') ? databaseServerPid() : null;
  const serverBefore = server === null ? 0 : cpuMicros(server);
  const cpuBefore = process.cpuUsage();
  const now = Date.now();
  const started = performance.now();
  for (let i = 0; i < SENT; i++) {
    recorder.record(
      visit(i, now, links[i % links.length], Number(link.account_id), Number(link.domain_id)),
    );
    // The producer waits for the pipeline instead of overrunning its bound.
    if (recorder.waiting >= 50_000) await recorder.flush();
  }
  await recorder.flush();
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpuBefore);
  const cpuUs = {
    service: (used.user + used.system) / SENT,
    database: server === null ? null : (cpuMicros(server) - serverBefore) / SENT,
  };

  const count = async (sql: string) => Number((await db.query<{ n: number }[]>(sql, [id]))[0].n);
  const stored = await count('SELECT COUNT(*) AS n FROM visits WHERE link_id >= ?');
  const rolledUp = await count(
    "SELECT SUM(visits) AS n FROM visit_rollups WHERE link_id >= ? AND span = 'h'",
  );

  const q = `from=${Math.floor((now - 90 * DAY_MS) / 1000)}&to=${Math.floor(now / 1000)}&interval=day`;
  const latencies: number[] = [];
  const byZone: Record<string, number[]> = {};
  // The first queries of a fresh process (its code not yet compiled, the pool's connections
  // new) right after a million inserts are not what a person asking for stats meets: two per
  // zone are made first and not counted, as the redirect and creation runs warm up too.
  for (let i = -WARM_UP; i < QUERIES; i++) {
    const tz = ZONES[(i + WARM_UP) % ZONES.length];
    const t0 = performance.now();
    const res = await fetch(`${base}/api/v1/links/${id}/stats?${q}&tz=${tz}`, { headers: auth });
    if (res.status !== 200) throw new Error(`stats: HTTP ${res.status}`);
    await res.arrayBuffer();
    if (i < 0) continue;
    latencies.push(performance.now() - t0);
    (byZone[tz] ??= []).push(performance.now() - t0);
  }
  latencies.sort((a, b) => a - b);
  const p = (x: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(x * latencies.length))];
  console.log(
    JSON.stringify({
      sent: SENT,
      rate: SENT / seconds,
      stored,
      rolledUp,
      dropped: recorder.dropped,
      cpuUs,
      p50: p(0.5),
      p99: p(0.99),
      zones: Object.fromEntries(
        Object.entries(byZone).map(([tz, xs]) => [tz, xs.sort((a, b) => a - b)[xs.length >> 1]]),
      ),
    }),
  );
  await app.close();
}

function visit(
  i: number,
  now: number,
  linkId: number,
  accountId: number,
  domainId: number,
): RawVisit {
  // A visitor pool of 200,000 addresses; times spread evenly over the last 90 days.
  const n = (i * 2654435761) >>> 0;
  return {
    linkId,
    accountId,
    domainId,
    kind: 'redirect',
    at: now - Math.floor((i / SENT) * 90 * DAY_MS),
    remoteAddress: '127.0.0.1',
    forwardedFor: `10.${(n >> 16) % 4}.${(n >> 8) & 255}.${n & 255}`,
    userAgent: pick(AGENTS, n >>> 3),
    referer: pick(REFERRERS, n >>> 5),
    acceptLanguage: pick(LANGUAGES, n >>> 7),
    countryHeader: pick(COUNTRIES, n >>> 9),
    qr: (n & 15) === 0,
    variant: null,
    utm: null,
    utmQuery: null,
  };
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
