/**
 * One child process of `npm run bench` (pinned to core 0): what the SQLite visit writer costs
 * per visit, in CPU time of its one thread, against a bare writer in the same run that inserts
 * the same rows in the same groups into the same table and does nothing else (no uniques, no
 * rollups, no checks): the floor any writer of raw visits pays. 10,000 links, 22,000 visits a
 * second in groups of GROUP_EVERY_MS, MAX_GROUP_ROWS at most (as the thread groups them under
 * load), rolled up when the
 * writer thread would be (every ROLL_UP_EVERY_MS of groups, or ROLL_UP_DUE_AT visits). The writer's time
 * counts reading the message the main thread sends (a structured clone of the columns) and
 * making the rows from it, as the thread does. Prints one JSON line with the medians of 3
 * alternated rounds.
 */
import 'reflect-metadata';
import Database from 'better-sqlite3';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { createApp } from '../../src/app.setup';
import type { VisitRow } from '../../src/analytics/rollups/rollup';
import {
  GROUP_EVERY_MS,
  MAX_GROUP_ROWS,
  ROLL_UP_DUE_AT,
  ROLL_UP_EVERY_MS,
  VisitsPastMark,
} from '../../src/analytics/store/sql/rollup-mark';
import { openWriterConnection } from '../../src/analytics/store/sqlite-writer-connection';
import { storeVisits } from '../../src/analytics/store/sql/visit-batch';
import { columnsSource, toColumns, VisitColumns } from '../../src/analytics/store/visit-columns';
import { validateEnv } from '../../src/config/validate-env';
import { median } from './harness';

const LINKS = 10_000;
/**
 * GROUP_EVERY_MS of visits at 22,000 a second, at most MAX_GROUP_ROWS: a group as the writer
 * thread makes one; and the time it spans.
 */
const GROUP = Math.min((22_000 * GROUP_EVERY_MS) / 1000, MAX_GROUP_ROWS);
const GROUP_MS = (GROUP / 22_000) * 1000;
/** Two roll-ups' worth. */
const GROUPS =
  2 * Math.min(Math.ceil(ROLL_UP_EVERY_MS / GROUP_MS), Math.ceil(ROLL_UP_DUE_AT / GROUP));
const ROUNDS = 3;
const COUNTRIES = ['US', 'DE', 'FR', 'GB', 'IN', 'BR', 'JP', 'CA', 'NL', 'SE', null];
const BROWSERS = ['Chrome', 'Safari', 'Firefox', 'Edge', null];
const OSES = ['Windows', 'iOS', 'Android', 'macOS', 'Linux'];
const LANGUAGES = ['en-us', 'de-de', 'fr-fr', 'ja', null];

type Link = { id: number; account_id: number; domain_id: number };

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'linkdrop-writer-'));
  try {
    const seed = join(dir, 'seed.sqlite');
    const links = await seedLinks(seed);
    const costs: Record<'writer' | 'bare', number[]> = { writer: [], bare: [] };
    for (let r = 0; r < ROUNDS; r++) {
      for (const mode of ['writer', 'bare'] as const) {
        const file = join(dir, `${mode}-${r}.sqlite`);
        copyFileSync(seed, file);
        const group = (g: number) => visits(links, g);
        costs[mode].push(await (mode === 'writer' ? writer : bare)(file, group));
      }
    }
    const writerUs = median(costs.writer);
    const bareUs = median(costs.bare);
    console.log(
      JSON.stringify({
        writerUs,
        bareUs,
        ratio: writerUs / bareUs,
        costs,
        visits: GROUP * GROUPS,
        group: GROUP,
      }),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A migrated database with LINKS links of one account. */
async function seedLinks(file: string): Promise<Link[]> {
  const env = validateEnv({ ...process.env, DB_URL: `sqlite:${file}`, ANALYTICS_RECORD: 'false' });
  const app = await createApp(env);
  await app.listen(env.PORT, '127.0.0.1');
  const base = `http://127.0.0.1:${env.PORT}`;
  const post = (path: string, body: object, token?: string) =>
    fetch(`${base}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(body),
    }).then(async (res) => ((await res.json()) as { data: { token: string } }).data);
  const { token } = await post('/api/v1/auth/signup', {
    email: 'writer@example.com',
    password: 'benchmark password',
  });
  await post('/api/v1/shorten', { target_url: 'https://example.com/', custom_slug: 'w0' }, token);
  await app.close();
  const db = new Database(file);
  const first = db.prepare("SELECT * FROM links WHERE slug = 'w0'").get() as Record<
    string,
    unknown
  >;
  const columns = Object.keys(first).filter((c) => c !== 'id');
  const copy = db.prepare(
    `INSERT INTO links (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`,
  );
  db.transaction(() => {
    for (let i = 1; i < LINKS; i++)
      copy.run(columns.map((c) => (c === 'slug' ? `w${i}` : first[c])));
  })();
  const links = db.prepare('SELECT id, account_id, domain_id FROM links').all() as Link[];
  db.close();
  return links;
}

/** Group g: GROUP visits to random links over GROUP_MS, from a pool of 20,000 visitors. */
function visits(links: Link[], g: number): VisitRow[] {
  const start = Date.now() + g * GROUP_MS;
  return Array.from({ length: GROUP }, (_, i) => {
    const link = links[Math.floor(Math.random() * links.length)];
    const n = Math.floor(Math.random() * 20_000);
    return {
      linkId: link.id,
      accountId: link.account_id,
      domainId: link.domain_id,
      kind: 'redirect',
      at: new Date(start + Math.floor((i * GROUP_MS) / GROUP)),
      isBot: n % 50 === 0,
      qr: n % 16 === 0,
      referrerHost: n % 3 === 0 ? `site${n % 40}.example` : null,
      referrerUrl: n % 3 === 0 ? `https://site${n % 40}.example/p` : null,
      country: COUNTRIES[n % COUNTRIES.length],
      browser: BROWSERS[n % BROWSERS.length],
      os: OSES[n % OSES.length],
      device: n % 4 === 0 ? 'mobile' : 'desktop',
      language: LANGUAGES[n % LANGUAGES.length],
      visitorHash: n.toString(16).padStart(16, '0'),
      eventId: null,
      variant: null,
      utmSource: null,
      utmMedium: null,
      utmCampaign: null,
    };
  });
}

/** CPU µs `work` takes (all threads of this process). */
async function cpuOf(work: () => Promise<unknown>): Promise<number> {
  const before = process.cpuUsage();
  await work();
  const used = process.cpuUsage(before);
  return used.user + used.system;
}

/**
 * The writer thread's work: each group, as it arrives from the main thread (columns), made into
 * rows and stored, and rolled up when the writer's would be. Each group is made just before it
 * is written, outside the time counted, as the thread receives them: made all at the start, the
 * run's 440,000 visits lived throughout and every collection copied or marked them.
 */
async function writer(file: string, group: (g: number) => VisitRow[]): Promise<number> {
  const { runner, inTransaction } = openWriterConnection(file);
  const mark = new VisitsPastMark();
  let waiting = 0;
  let since = 0;
  let used = 0;
  for (let g = 0; g < GROUPS; g++) {
    // Serialized by the main thread, outside the time counted; read back by the writer's.
    const message = serialize(toColumns(group(g)));
    used += await cpuOf(() => {
      const visits = columnsSource(deserialize(message) as VisitColumns);
      waiting += visits.size;
      since += GROUP_MS;
      const rollUp = waiting >= ROLL_UP_DUE_AT || since >= ROLL_UP_EVERY_MS;
      if (rollUp) waiting = since = 0;
      return inTransaction(() =>
        rollUp ? mark.storeAndRollUp(runner, visits) : mark.store(runner, visits),
      );
    });
  }
  const db = new Database(file, { readonly: true });
  const [stored, rolledUp] = ['SELECT COUNT(*) FROM visits', queryRolledUp].map(
    (sql) => db.prepare(sql).pluck().get() as number,
  );
  db.close();
  if (stored !== GROUP * GROUPS || rolledUp !== stored) {
    throw new Error(`writer: ${stored} stored, ${rolledUp} rolled up of ${GROUP * GROUPS}`);
  }
  return used / stored;
}

/** Every visit is in its hour (a day holds only the hours before the days' mark). */
const queryRolledUp = "SELECT SUM(visits) FROM visit_rollups WHERE span = 'h'";

/**
 * The floor: the same rows stored in the same groups by `storeVisits` alone (share order, 100 to
 * a statement), with none of the writer's uniques, rollups or mark (each group made just before
 * it, outside the time counted, as for the writer).
 */
async function bare(file: string, group: (g: number) => VisitRow[]): Promise<number> {
  const { runner, inTransaction } = openWriterConnection(file);
  let used = 0;
  for (let g = 0; g < GROUPS; g++) {
    const rows = group(g);
    used += await cpuOf(() => inTransaction(() => storeVisits(runner, rows)));
  }
  return used / (GROUP * GROUPS);
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
