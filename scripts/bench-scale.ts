/**
 * `npm run bench:scale` (after `npm run build`): Linkdrop with 10 million links. Fills a fresh
 * database in SQL (scripts/bench/scale/generate.ts), starts the built service on it (core 0),
 * times the calls of scripts/bench/scale/cases.ts from core 1, and prints one
 * `scale-summary: <JSON>` line per database: SQLite always, MySQL too with TEST_MYSQL_URL (its
 * own database `linkdrop_scale`, dropped and made again).
 *
 * `--scale 0.01` makes a hundredth of everything (minutes become seconds); `--only sqlite` or
 * `--only mysql` runs one; `--port` moves the service off 4730; `--keep` leaves the SQLite file
 * and the MySQL database for a look afterwards; `--reuse` times the MySQL database a run left
 * (kept, or stopped by a failure) again, without making it anew (same `--scale`).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mysql from 'mysql2/promise';
import { pinSelf, signup, startPinned, stop, waitFor } from './bench/harness';
import { measure } from './bench/scale/cases';
import { generate, Seeded, shapeOf } from './bench/scale/generate';
import { openMysql, openSqlite, ScaleDb } from './bench/scale/scale-db';

const arg = (name: string) => {
  const at = process.argv.indexOf(`--${name}`);
  return at < 0 ? undefined : process.argv[at + 1];
};

/** `--port` when 4730 is taken (another run of this bench). */
const PORT = Number(arg('port') ?? 4730);
const BASE = `http://127.0.0.1:${PORT}`;
const HOSTS = [`127.0.0.1:${PORT}`, ...Array.from({ length: 9 }, (_, k) => `s${k + 1}.scale.test`)];
const EMAIL = 'big@scale.test';
const PASSWORD = 'benchmark password';
const MYSQL_DATABASE = 'linkdrop_scale';

async function main() {
  pinSelf(1);
  const scale = Number(arg('scale') ?? 1);
  if (!(scale > 0 && scale <= 1)) throw new Error('--scale takes a number in (0, 1]');
  const keep = process.argv.includes('--keep');
  const only = arg('only');
  const dir = mkdtempSync(join(tmpdir(), 'linkdrop-scale-'));
  try {
    const file = join(dir, 'scale.sqlite');
    if (only !== 'mysql')
      await run(scale, `sqlite:${file}`, () => Promise.resolve(openSqlite(file)));
    const url = process.env.TEST_MYSQL_URL;
    if (url && only !== 'sqlite') {
      const reuse = process.argv.includes('--reuse');
      if (!reuse) {
        const server = await mysql.createConnection({ uri: url });
        await server.query(`DROP DATABASE IF EXISTS ${MYSQL_DATABASE}`);
        await server.query(`CREATE DATABASE ${MYSQL_DATABASE} CHARACTER SET utf8mb4`);
        await server.end();
      }
      const dbUrl = `${url.replace(/\/[^/]*$/, '')}/${MYSQL_DATABASE}`;
      await run(scale, dbUrl, () => openMysql(url, MYSQL_DATABASE), reuse);
      if (!keep) await dropMysql(url);
    }
  } finally {
    if (keep) console.log(`# kept: ${dir}`);
    else rmSync(dir, { recursive: true, force: true });
  }
}

async function run(scale: number, dbUrl: string, open: () => Promise<ScaleDb>, reuse = false) {
  const shape = shapeOf(scale);
  const name = dbUrl.startsWith('sqlite') ? 'sqlite' : 'mysql';
  console.log(`# ${name}: ${shape.links.toLocaleString('en-US')} links`);
  let service: ReturnType<typeof start> | undefined;
  if (!reuse) {
    // The schema and the big account, made by the service itself.
    service = start(dbUrl);
    try {
      await waitFor(`${BASE}/health/ready`, 120_000);
      await signup(BASE, EMAIL);
    } finally {
      await stop(service);
    }
  }

  const db = await open();
  const [account] = await db.all<{ id: number }>('SELECT id FROM accounts WHERE email = ?', [
    EMAIL,
  ]);
  const domains = await db.all<{ id: number; host: string }>('SELECT id, host FROM domains');
  const domainIds = HOSTS.map((h) => Number(domains.find((d) => d.host === h)!.id));
  const seeded: Omit<Seeded, 'tagIds'> = {
    shape,
    bigAccountId: Number(account.id),
    busyLinkId: 10,
    domainIds,
    bigLinks: Math.floor(shape.links / 10),
    now: Math.floor(Date.now() / 1000),
  };
  const started = Date.now();
  const tagIds = reuse
    ? (
        await db.all<{ id: number }>('SELECT id FROM tags WHERE account_id = ? ORDER BY id', [
          account.id,
        ])
      ).map((t) => Number(t.id))
    : await generate(db, seeded);
  const dbBytes = await db.bytes();
  await db.close();
  const minutes = (Date.now() - started) / 60_000;
  console.log(`# generated in ${minutes.toFixed(1)} min; ${(dbBytes / 2 ** 30).toFixed(2)} GiB`);

  service = start(dbUrl);
  try {
    await waitFor(`${BASE}/health/ready`, 300_000);
    const cookie = await logIn();
    const token = await apiToken();
    const cases = await measure({ ...seeded, tagIds }, { base: BASE, hosts: HOSTS, token, cookie });
    const summary = {
      db: name,
      links: shape.links,
      visits: shape.visits,
      db_bytes: dbBytes,
      cases,
    };
    console.log(`scale-summary: ${JSON.stringify(summary)}`);
  } finally {
    await stop(service);
  }
}

function start(dbUrl: string) {
  return startPinned(0, [join(__dirname, '..', 'src', 'main.js')], {
    PORT: String(PORT),
    HOST: '127.0.0.1',
    PUBLIC_URL: BASE,
    SHORT_DOMAINS: HOSTS.join(','),
    DB_URL: dbUrl,
    STORAGE_LOCAL_DIR: join(tmpdir(), 'linkdrop-scale-uploads'),
    LOG_LEVEL: 'warn',
    AUTH_BOOTSTRAP_ADMIN: 'false',
    RATE_LIMIT_API_PER_MINUTE: '0',
  });
}

/** A token of the big account, by the API's log-in. */
async function apiToken(): Promise<string> {
  const res = await fetch(`${BASE}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
  });
  return ((await res.json()) as { data: { token: string } }).data.token;
}

/** The big account's session cookie, by the log-in form as a browser sends it. */
async function logIn(): Promise<string> {
  const form = await fetch(`${BASE}/login`, { headers: { accept: 'text/html' } });
  const cookies = new Map<string, string>();
  const keep = (res: Response) => {
    for (const c of res.headers.getSetCookie()) {
      const pair = c.split(';')[0];
      cookies.set(pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1));
    }
  };
  keep(form);
  const csrf = /name="_csrf" value="([^"]+)"/.exec(await form.text())?.[1] ?? '';
  const res = await fetch(`${BASE}/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      accept: 'text/html',
      'content-type': 'application/x-www-form-urlencoded',
      cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    },
    body: new URLSearchParams({ email: EMAIL, password: PASSWORD, _csrf: csrf }).toString(),
  });
  keep(res);
  if (res.status !== 303 && res.status !== 302) throw new Error(`log-in answered ${res.status}`);
  return [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
}

async function dropMysql(url: string) {
  const server = await mysql.createConnection({ uri: url });
  await server.query(`DROP DATABASE IF EXISTS ${MYSQL_DATABASE}`);
  await server.end();
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
