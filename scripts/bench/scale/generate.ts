// Fills a migrated database with what a big instance holds, in SQL (rows made by the database
// from a numbers CTE, 100,000 a statement): no row passes through JavaScript.
import {
  countShares,
  sumAccountRollups,
} from '../../../src/database/migrations/1763703100000-AccountRollups';
import { sumShareClicks } from '../../../src/database/migrations/1763703600000-AccountClicks';
import { fillAccountSearchWords } from '../../../src/database/migrations/1763703300000-AccountSearchWords';
import { numbers, ScaleDb } from './scale-db';
import { countsJson, DAY_COUNTS, HOUR_COUNTS, SHARE_DAY_COUNTS } from './rollup-counts';

/** What is made, at scale 1 the issue's sizes: 10 M links, 100 M visits in the rollups. */
export interface ScaleShape {
  links: number;
  accounts: number;
  tags: number;
  /** Links of the big account with 90 days of daily rollups. */
  rolledLinks: number;
  rolledDays: number;
  /** Raw visits in the retention window. */
  visits: number;
}

export function shapeOf(scale: number): ScaleShape {
  const at = (n: number, least: number) => Math.max(least, Math.round(n * scale));
  return {
    links: at(10_000_000, 10_000),
    accounts: 1000,
    tags: 100,
    rolledLinks: at(10_000, 100),
    rolledDays: 90,
    visits: at(10_000_000, 10_000),
  };
}

/** What the measurements need to know of the data. */
export interface Seeded {
  shape: ScaleShape;
  bigAccountId: number;
  /** A link of the big account with a year of hourly rollups and a tenth of the raw visits. */
  busyLinkId: number;
  tagIds: number[];
  /** Domain ids in the order of the hosts the service was started with. */
  domainIds: number[];
  /** The big account's links: every tenth link id. */
  bigLinks: number;
  /** Unix seconds the data ends at (the hour the generation began). */
  now: number;
}

const CHUNK = 100_000;
const HOUR = 3600;
const DAY = 86_400;
/** Words of link titles: the full-text search looks for them. */
export const TITLE_WORDS = [
  'alpine', 'harbor', 'meadow', 'copper', 'lantern', 'orchard', 'glacier', 'violet',
  'canyon', 'ember', 'falcon', 'juniper', 'marble', 'nectar', 'pebble', 'quartz',
]; // prettier-ignore

/**
 * Link i (ids 1..links) belongs to the big account when i is a multiple of 10 (1 M of 10 M, spread
 * over the whole table as real accounts' links are), else to one of the other 999. Every tenth is
 * a text and every tenth a file (never the big account's). Domains rotate by i / 10.
 */
export async function generate(db: ScaleDb, seeded: Omit<Seeded, 'tagIds'>): Promise<number[]> {
  const { shape, bigAccountId, domainIds, now } = seeded;
  const query = (sql: string, params?: unknown[]) =>
    sql.startsWith('SELECT') ? db.all(sql, params) : db.run(sql, params);
  const step = async (what: string, work: () => Promise<void>) => {
    const started = Date.now();
    await work();
    console.log(`#   ${what}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  };
  await step(`${shape.accounts - 1} accounts`, () => accounts(db, shape, bigAccountId, now));
  const others = await db.all<{ id: number }>('SELECT MIN(id) AS id FROM accounts WHERE id <> ?', [
    bigAccountId,
  ]);
  const firstOther = Number(others[0].id);
  await step(`${shape.links.toLocaleString('en-US')} links`, () =>
    links(db, shape, { bigAccountId, firstOther, domainIds, now }),
  );
  await step('texts and files', () => textsAndFiles(db, shape));
  // The full-text index of the links' words, as its migration fills it.
  await step('the search index', () =>
    fillAccountSearchWords({ connection: { options: { type: db.kind } }, query }),
  );
  // As the migration that made the counters counts: what making the links would have counted.
  await step("the accounts' shares by kind", () => countShares({ query }));
  await step("the accounts' visits by kind", () => sumShareClicks({ query }));
  const tagIds = await tags(db, shape, bigAccountId, now);
  await step('tags of the big account', () => linkTags(db, shape, tagIds));
  await step('rollups of the shares', () => rollups(db, seeded));
  // As the migration that made account rows sums them: what the visit writer would have written.
  await step('rollups of the accounts', () => sumAccountRollups({ query }));
  await step(`${shape.visits.toLocaleString('en-US')} raw visits`, () => visits(db, seeded));
  return tagIds;
}

async function inChunks(total: number, work: (from: number, to: number) => Promise<void>) {
  for (let from = 1; from <= total; from += CHUNK) {
    await work(from, Math.min(total, from + CHUNK - 1));
  }
}

async function accounts(db: ScaleDb, shape: ScaleShape, big: number, now: number) {
  await db.run(
    'INSERT INTO accounts (email, password_hash, plan_id, is_admin, storage_bytes, ' +
      'created_at, updated_at, watch_targets) ' +
      `${numbers(2, shape.accounts)} SELECT ${db.cat("'user'", 'i', "'@scale.test'")}, ` +
      `a.password_hash, a.plan_id, 0, 0, ${db.time(String(now))}, ${db.time(String(now))}, 0 ` +
      'FROM n, accounts a WHERE a.id = ?',
    [big],
  );
}

interface Owners {
  bigAccountId: number;
  firstOther: number;
  domainIds: number[];
  now: number;
}

async function links(db: ScaleDb, shape: ScaleShape, o: Owners) {
  const others = shape.accounts - 1;
  const word = (n: string) =>
    `CASE ${n} ${TITLE_WORDS.map((w, k) => `WHEN ${k} THEN '${w}'`).join(' ')} END`;
  const domain = `CASE ${db.div('i', 10)} % ${o.domainIds.length} ${o.domainIds
    .map((id, k) => `WHEN ${k} THEN ${id}`)
    .join(' ')} END`;
  // Created one every 3 s up to now: 10 M links over about a year.
  const created = db.time(`${o.now - shape.links * 3} + i * 3`);
  await inChunks(shape.links, (from, to) =>
    db.run(
      'INSERT INTO links (id, account_id, domain_id, slug, kind, target_url, title, ' +
        'redirect_code, clicks, created_at, updated_at) ' +
        `${numbers(from, to)} SELECT i, ` +
        `CASE WHEN i % 10 = 0 THEN ${o.bigAccountId} ELSE ${o.firstOther} + i % ${others} END, ` +
        `${domain}, ${db.cat("'k'", 'i')}, ` +
        "CASE i % 10 WHEN 1 THEN 'text' WHEN 2 THEN 'file' ELSE 'redirect' END, " +
        `${db.cat("'https://example.com/articles/'", 'i')}, ` +
        `${db.cat("'Note '", 'i % 1000', "' about '", word('i % 16'), "' and '", word(`${db.div('i', 16)} % 16`))}, ` +
        `302, (i * 7919) % 100000, ${created}, ${created} FROM n`,
    ),
  );
}

async function textsAndFiles(db: ScaleDb, shape: ScaleShape) {
  await inChunks(shape.links, async (from, to) => {
    await db.run(
      'INSERT INTO texts (link_id, text_type, language, content, size_bytes, burn_after_read) ' +
        `SELECT id, 'plain', NULL, ${db.cat("'Shared text number '", 'id')}, 24, 0 ` +
        "FROM links WHERE id BETWEEN ? AND ? AND kind = 'text'",
      [from, to],
    );
    await db.run(
      'INSERT INTO files (link_id, account_id, filename, storename, path, mime, size, width, ' +
        'height, sha256, delete_hash, upload_status, created_at, is_private, kept_metadata, ' +
        `thumbs) SELECT id, account_id, ${db.cat("'photo-'", 'id', "'.jpg'")}, ` +
        `${db.cat("'f'", 'id', "'.jpg'")}, ${db.cat("'scale/f'", 'id', "'.jpg'")}, ` +
        `'image/jpeg', 100000, 800, 600, ${db.cat(db.hex16('id'), db.hex16('id'), db.hex16('id'), db.hex16('id'))}, ` +
        `${db.cat("'d'", 'id')}, 2, created_at, 0, 0, 0 ` +
        "FROM links WHERE id BETWEEN ? AND ? AND kind = 'file'",
      [from, to],
    );
  });
}

async function tags(db: ScaleDb, shape: ScaleShape, big: number, now: number) {
  await db.run(
    'INSERT INTO tags (account_id, name, created_at) ' +
      `${numbers(1, shape.tags)} SELECT ?, ${db.cat("'tag-'", 'i')}, ${db.time(String(now))} FROM n`,
    [big],
  );
  const rows = await db.all<{ id: number }>(
    'SELECT id FROM tags WHERE account_id = ? ORDER BY id',
    [big],
  );
  return rows.map((r) => Number(r.id));
}

/** Each of the big account's links has one of its 100 tags (10,000 links a tag). */
async function linkTags(db: ScaleDb, shape: ScaleShape, tagIds: number[]) {
  await inChunks(shape.links, (from, to) =>
    db.run(
      'INSERT INTO link_tags (link_id, tag_id) ' +
        `SELECT id, ${tagIds[0]} + ${db.div('id', 10)} % ${tagIds.length} ` +
        'FROM links WHERE id BETWEEN ? AND ? AND id % 10 = 0',
      [from, to],
    ),
  );
}

/**
 * The busy link: a year of hourly rows and the year's daily rows, every dimension. The big
 * account: 90 days of daily rows over `rolledLinks` of its links (ids 20, 30, ...). ~100 M
 * visits at scale 1.
 */
async function rollups(db: ScaleDb, s: Omit<Seeded, 'tagIds'>) {
  const { shape, bigAccountId: big, busyLinkId: busy, now } = s;
  const hourEnd = now - (now % HOUR);
  const dayEnd = now - (now % DAY);
  const cols = 'link_id, span, start, bot, account_id, visits, uniques, quarters, counts';
  const hours = 365 * 24;
  await db.run(
    `INSERT INTO visit_rollups (${cols}) ${numbers(1, hours)} ` +
      `SELECT ?, 'h', ${hourEnd - hours * HOUR} + i * ${HOUR}, 0, ?, 1000, 600, ?, ? FROM n`,
    [busy, big, JSON.stringify(Array(4).fill([250, 150])), countsJson(HOUR_COUNTS, 1000)],
  );
  await db.run(
    `INSERT INTO visit_rollups (${cols}) ${numbers(1, 365)} ` +
      `SELECT ?, 'd', ${dayEnd - 365 * DAY} + i * ${DAY}, 0, ?, 24000, 14400, NULL, ? FROM n`,
    [busy, big, countsJson(DAY_COUNTS, 24_000)],
  );
  const perChunk = Math.floor(CHUNK / shape.rolledDays);
  for (let first = 2; first <= shape.rolledLinks + 1; first += perChunk) {
    const last = Math.min(shape.rolledLinks + 1, first + perChunk - 1);
    await db.run(
      `INSERT INTO visit_rollups (${cols}) ${numbers(0, shape.rolledDays - 1)} ` +
        `SELECT l.id, 'd', ${dayEnd - shape.rolledDays * DAY} + n.i * ${DAY}, 0, ?, 100, 70, ` +
        'NULL, ? FROM n, links l WHERE l.id BETWEEN ? AND ? AND l.id % 10 = 0',
      [big, countsJson(SHARE_DAY_COUNTS, 100), first * 10, last * 10],
    );
  }
}

/**
 * Raw visits over the last 89 days (inside the 90 days kept), oldest first: a tenth to the busy
 * link, the rest over the big account's rolled-up links.
 */
async function visits(db: ScaleDb, s: Omit<Seeded, 'tagIds'>) {
  const { shape, bigAccountId: big, busyLinkId: busy, domainIds, now } = s;
  const span = 89 * DAY;
  const linkOf = `CASE WHEN i % 10 = 0 THEN ${busy} ELSE 10 * (2 + i % ${shape.rolledLinks}) END`;
  const domainOf = (link: string) =>
    `CASE ${db.div(link, 10)} % ${domainIds.length} ${domainIds
      .map((id, k) => `WHEN ${k} THEN ${id}`)
      .join(' ')} END`;
  const pick = (n: string, values: (string | null)[]) =>
    `CASE ${n} % ${values.length} ${values
      .map((v, k) => `WHEN ${k} THEN ${v === null ? 'NULL' : `'${v}'`}`)
      .join(' ')} END`;
  const site = db.cat("'site'", 'i % 40', "'.example'");
  await inChunks(shape.visits, (from, to) =>
    db.run(
      'INSERT INTO visits (link_id, account_id, domain_id, kind, at, is_bot, qr, ' +
        'referrer_host, referrer_url, country, browser, os, device, language, visitor_hash) ' +
        `${numbers(from, to)} SELECT v.link, ${big}, ${domainOf('v.link')}, 'redirect', ` +
        `${db.time(`${now - span} + ${db.div(`i * ${span}`, shape.visits)}`)}, ` +
        'CASE WHEN i % 50 = 0 THEN 1 ELSE 0 END, CASE WHEN i % 16 = 0 THEN 1 ELSE 0 END, ' +
        `CASE WHEN i % 3 = 0 THEN ${site} END, ` +
        `CASE WHEN i % 3 = 0 THEN ${db.cat("'https://'", site, "'/page'")} END, ` +
        `${pick('i', ['US', 'DE', 'FR', 'GB', 'IN', 'BR', 'JP', null])}, ` +
        `${pick(db.div('i', 7), ['Chrome', 'Safari', 'Firefox', 'Edge', null])}, ` +
        `${pick(db.div('i', 3), ['Windows', 'iOS', 'Android', 'macOS', 'Linux'])}, ` +
        `${pick('i', ['mobile', 'desktop', 'desktop', 'tablet'])}, ` +
        `${pick(db.div('i', 11), ['en-us', 'de-de', 'fr-fr', 'ja', null])}, ` +
        `${db.hex16(`(i * 2654435761) % 4294967296`)} ` +
        `FROM (SELECT i, ${linkOf} AS link FROM n) v`,
    ),
  );
}
