import autocannon from 'autocannon';
import { createConnection } from 'mysql2/promise';
import { join } from 'node:path';
import { fmt, median, startPinned, stop, waitFor } from './harness';

const ROUNDS = 3;
const SECONDS = 5;
const PORT = 3904;

/**
 * Link creation (`POST /api/v1/shorten`, a new custom slug each, 50 in flight) on a running
 * instance: a warm-up, then three rounds; answers the median in creations per second. The load
 * comes from autocannon: Node's fetch tops out near 2,300 requests/s on one core here, which
 * would measure the client.
 */
export async function measureCreation(base: string, token: string, label: string) {
  await create(base, token, `${label}-w`, 5); // warm-up: JIT, page cache, the pool
  console.log(`# link creation on ${label}: ${ROUNDS} rounds of ${SECONDS} s, 50 in flight`);
  const rates: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    const rate = await create(base, token, `${label}-${r}`, SECONDS);
    rates.push(rate);
    console.log(`  round ${r + 1}: ${fmt(rate)} links/s`);
  }
  // The same run's floor: an authenticated read through the same stack (auth, guards, envelope).
  const floor = await autocannon({
    url: `${base}/api/v1/tags`,
    connections: 50,
    duration: SECONDS,
    headers: { authorization: `Bearer ${token}` },
  });
  const floorRps = floor['2xx'] / SECONDS;
  console.log(
    `link creations/s on ${label}: ${fmt(median(rates))} (median); an authenticated ` +
      `GET /api/v1/tags: ${fmt(floorRps)}/s, ratio ${fmt(median(rates) / floorRps, 2)}`,
  );
  return median(rates);
}

/** Creations answered per second over `seconds` (whole seconds: autocannon's own unit). */
async function create(base: string, token: string, prefix: string, seconds: number) {
  return (await createShortLinks(base, token, prefix, { duration: seconds })) / seconds;
}

/**
 * `POST /api/v1/shorten` with a new custom slug each, 50 in flight, for a `duration` (seconds)
 * or an `amount`; answers how many were made (any other answer is an error). `lastAnswer` is
 * set to the time of the last answer (autocannon itself finishes on a whole second).
 */
export async function createShortLinks(
  base: string,
  token: string,
  prefix: string,
  run: { duration: number } | { amount: number },
  lastAnswer?: { at: number },
): Promise<number> {
  let i = 0;
  const result = await autocannon({
    url: base,
    connections: 50,
    ...run,
    requests: [
      {
        method: 'POST',
        path: '/api/v1/shorten',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        setupRequest: (req) => ({
          ...req,
          body: JSON.stringify({
            target_url: `https://example.com/${prefix}/${i}`,
            custom_slug: `${prefix}-${i++}`,
          }),
        }),
        onResponse: () => {
          if (lastAnswer) lastAnswer.at = performance.now();
        },
      },
    ],
  });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${prefix}: ${result.non2xx} answers not 2xx, ${result.errors} errors`);
  }
  return result['2xx'];
}

/**
 * The same on MySQL/MariaDB (BENCH_MYSQL_URL, else TEST_MYSQL_URL, else the local MariaDB), in a
 * database of its own that is dropped afterwards; skipped when no server answers.
 */
export async function benchMysqlCreation(
  env: (extra: Record<string, string>) => Record<string, string>,
) {
  const url = new URL(
    process.env.BENCH_MYSQL_URL ?? process.env.TEST_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306/test',
  );
  const admin = await createConnection({
    host: url.hostname,
    port: Number(url.port || 3306),
    user: decodeURIComponent(url.username),
    password: decodeURIComponent(url.password),
  }).catch(() => null);
  if (!admin) {
    console.log('# link creation on MySQL: skipped (no MySQL server answers)');
    return;
  }
  const name = 'test_ld_bench_creation';
  await admin.query(`DROP DATABASE IF EXISTS ${name}`);
  await admin.query(`CREATE DATABASE ${name} CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  url.pathname = `/${name}`;
  const service = startPinned(0, [join(__dirname, '..', '..', 'src', 'main.js')], {
    ...env({ PORT: String(PORT), DB_URL: url.toString() }),
  });
  try {
    const base = `http://127.0.0.1:${PORT}`;
    await waitFor(`${base}/health/ready`, 60_000);
    const res = await fetch(`${base}/api/v1/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'bench@example.com', password: 'benchmark password' }),
    });
    const token = ((await res.json()) as { data: { token: string } }).data.token;
    await measureCreation(base, token, 'MySQL');
  } finally {
    await stop(service);
    await admin.query(`DROP DATABASE IF EXISTS ${name}`);
    await admin.end();
  }
}
