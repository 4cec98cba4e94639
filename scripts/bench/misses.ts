import autocannon from 'autocannon';
import { cpuMicros, fmt, median } from './harness';

const ROUNDS = 3;
const SECONDS = 5;
/** CPU µs per request of the service while `path()` is asked for (of `host`), over a run. */
async function cpuPerRequest(
  base: string,
  pid: number,
  path: () => string,
  host?: string,
): Promise<number> {
  const before = cpuMicros(pid);
  const r = await autocannon({
    url: base,
    connections: 50,
    duration: SECONDS,
    ...(host && { headers: { host } }),
    requests: [{ setupRequest: (req) => ({ ...req, path: path() }) }],
  });
  return (cpuMicros(pid) - before) / r.requests.total;
}

/**
 * What an address nothing holds costs against a cached redirect, in CPU per request of the
 * service (issue 31: a miss cost ~450 µs, a hit ~23 µs): misses from a set of 10,000 addresses
 * (each known as missing after its first visit), and misses never seen before.
 */
export async function benchMisses(base: string, pid: number, links: number, token: string) {
  console.log(`# unknown addresses: CPU µs per request of the service, ${SECONDS} s runs`);
  const random = (n: number) => Math.floor(Math.random() * n);
  const expired = await expiredLinks(base, token, 1000);
  // New links leave the cache of redirects cold (a full run's first hit round cost 712 µs a
  // request, its third 69): every link is asked for once before anything is measured.
  await warm(base, links);
  let fresh = 0;
  const runs = {
    hit: [] as number[],
    known: [] as number[],
    fresh: [] as number[],
    host: [] as number[],
    expired: [] as number[],
  };
  for (let r = 0; r < ROUNDS; r++) {
    runs.hit.push(await cpuPerRequest(base, pid, () => `/b${random(links)}`));
    runs.known.push(await cpuPerRequest(base, pid, () => `/zz${random(10_000)}`));
    runs.fresh.push(await cpuPerRequest(base, pid, () => `/new${r}x${fresh++}`));
    const stray = () => `/s${random(10_000)}`;
    runs.host.push(await cpuPerRequest(base, pid, stray, 'stray.example.net'));
    runs.expired.push(await cpuPerRequest(base, pid, () => expired[random(expired.length)]));
    console.log(
      `  round ${r + 1}: hit ${fmt(runs.hit[r], 1)} µs, miss ${fmt(runs.known[r], 1)} µs, ` +
        `first miss ${fmt(runs.fresh[r], 1)} µs, unknown host ${fmt(runs.host[r], 1)} µs, ` +
        `expired ${fmt(runs.expired[r], 1)} µs`,
    );
  }
  const hit = median(runs.hit);
  const of = (k: keyof typeof runs) =>
    `${fmt(median(runs[k]), 1)} µs (${fmt(median(runs[k]) / hit, 2)}×)`;
  console.log(
    `cached redirect ${fmt(hit, 1)} µs/request; unknown address ${of('known')}; ` +
      `never-seen address ${of('fresh')}; unknown host ${of('host')}; expired share (410) ` +
      `${of('expired')} (target ≤ 2× a hit)`,
  );
  return {
    hit,
    miss: median(runs.known),
    fresh: median(runs.fresh),
    unknownHost: median(runs.host),
    expired: median(runs.expired),
  };
}

/** Asks for each of the `links` cached addresses once, 50 at a time. */
async function warm(base: string, links: number): Promise<void> {
  for (let i = 0; i < links; i += 50) {
    const batch = Array.from({ length: Math.min(50, links - i) }, (_, j) =>
      fetch(`${base}/b${i + j}`, { redirect: 'manual' }).then((res) => res.arrayBuffer()),
    );
    await Promise.all(batch);
  }
}

/**
 * `n` links that expire a second or two after each is made (one expiry for all was past before a
 * slow machine made the last); their addresses, once expired.
 */
async function expiredLinks(base: string, token: string, n: number): Promise<string[]> {
  let soon = 0;
  const paths: string[] = [];
  for (let i = 0; i < n; i++) {
    soon = Math.floor(Date.now() / 1000) + 2;
    const res = await fetch(`${base}/api/v1/shorten`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({
        target_url: 'https://example.com/e',
        custom_slug: `x${i}`,
        expire_at: soon,
      }),
    });
    if (res.status !== 200) throw new Error(`creating x${i}: HTTP ${res.status}`);
    paths.push(`/x${i}`);
  }
  while (Date.now() / 1000 < soon + 1) await new Promise((r) => setTimeout(r, 200));
  return paths;
}
