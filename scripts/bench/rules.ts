import autocannon from 'autocannon';
import { cpuMicros, fmt, median } from './harness';

const ROUNDS = 5;
const SECONDS = 8;
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';

const linux = { type: 'os', value: 'linux' };
const firefox = { type: 'browser', value: 'firefox' };
const english = { type: 'language', value: 'en' };
/**
 * Five rules of three conditions, the last one matching: each of the first four fails on its last
 * condition, so every condition before it runs (one looks the country up).
 */
const RULES = [
  [linux, firefox, { type: 'language', value: 'de' }],
  [linux, firefox, { type: 'query', param: 'src', value: 'mail' }],
  [linux, english, { type: 'device', value: 'mobile' }],
  [linux, english, { type: 'country', value: 'DE' }],
  [linux, firefox, { type: 'query', param: 'src', value: 'bench' }],
].map((conditions, i) => ({ conditions, target_url: `https://example.com/rule/${i + 1}` }));

async function api(base: string, token: string, method: string, path: string, body: object) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  if (res.status >= 300) throw new Error(`${method} ${path}: HTTP ${res.status}`);
  return res;
}

/** Requests/s and the service's CPU µs per request of one cached redirect, over a run. */
async function run(base: string, pid: number, path: string, seconds = SECONDS) {
  const before = cpuMicros(pid);
  const r = await autocannon({
    url: `${base}${path}`,
    connections: 50,
    duration: seconds,
    headers: { 'user-agent': FIREFOX, 'accept-language': 'en-US,en;q=0.9' },
  });
  if (r.errors + r.timeouts > 0 || r['3xx'] !== r.requests.total) {
    throw new Error(`${path}: ${r.errors} errors, ${r.requests.total - r['3xx']} not redirects`);
  }
  return { rps: r.requests.average, cpu: (cpuMicros(pid) - before) / r.requests.total };
}

/**
 * Issue 37: cached redirects of a link with 5 rules of 3 conditions (the last matching) against
 * the same link without rules, in the same run; the target is a throughput ratio ≥ 0.9, and the
 * CPU per redirect is reported beside it.
 */
export async function benchRules(base: string, pid: number, token: string): Promise<void> {
  await api(base, token, 'POST', '/api/v1/shorten', {
    target_url: 'https://example.com/plain',
    custom_slug: 'rules-plain',
  });
  const made = await api(base, token, 'POST', '/api/v1/shorten', {
    target_url: 'https://example.com/plain',
    custom_slug: 'rules-five',
  });
  const id = /\/links\/(\d+)$/.exec(made.headers.get('location') ?? '')?.[1];
  await api(base, token, 'PUT', `/api/v1/links/${id}/rules`, { rules: RULES });
  for (const slug of ['rules-plain', 'rules-five']) {
    const res = await fetch(`${base}/${slug}?src=bench`, {
      redirect: 'manual',
      headers: { 'user-agent': FIREFOX, 'accept-language': 'en-US' },
    });
    const want = slug === 'rules-five' ? 'https://example.com/rule/5' : 'https://example.com/plain';
    if (res.headers.get('location') !== want) throw new Error(`${slug} went elsewhere`);
  }
  console.log(`# redirect rules: 5 rules of 3 conditions (the last matching), ${SECONDS} s runs`);
  const plain: { rps: number; cpu: number }[] = [];
  const ruled: { rps: number; cpu: number }[] = [];
  // Both compiled and warm before anything is measured.
  await run(base, pid, '/rules-plain?src=bench', 3);
  await run(base, pid, '/rules-five?src=bench', 3);
  for (let r = 0; r < ROUNDS; r++) {
    // Each first in turn: neither always follows the other.
    if (r % 2 === 0) plain.push(await run(base, pid, '/rules-plain?src=bench'));
    ruled.push(await run(base, pid, '/rules-five?src=bench'));
    if (r % 2 === 1) plain.push(await run(base, pid, '/rules-plain?src=bench'));
    console.log(
      `  round ${r + 1}: no rules ${fmt(plain[r].rps)} req/s ${fmt(plain[r].cpu, 1)} µs, ` +
        `5 rules ${fmt(ruled[r].rps)} req/s ${fmt(ruled[r].cpu, 1)} µs`,
    );
  }
  const rps = median(ruled.map((x) => x.rps)) / median(plain.map((x) => x.rps));
  const cpu = median(ruled.map((x) => x.cpu)) / median(plain.map((x) => x.cpu));
  console.log(
    `rules ratio: ${fmt(rps, 2)} of the throughput without rules (target ≥ 0.9); ` +
      `CPU per redirect ${fmt(median(ruled.map((x) => x.cpu)), 1)} µs vs ` +
      `${fmt(median(plain.map((x) => x.cpu)), 1)} µs (${fmt(cpu, 2)}×)`,
  );
}
