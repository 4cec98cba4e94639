import { DataSource } from 'typeorm';
import { VisitsRepository } from '../../../src/analytics/store/visits.repository';
import { MIGRATIONS } from '../../../src/database/migrations/index';
import { Events1763702900000 } from '../../../src/database/migrations/1763702900000-Events';
import { ClusteredVisitors1763701600000 } from '../../../src/database/migrations/1763701600000-ClusteredVisitors';
import { AccountSearchWords1763703300000 } from '../../../src/database/migrations/1763703300000-AccountSearchWords';
import { AccountClicks1763703600000 } from '../../../src/database/migrations/1763703600000-AccountClicks';
import { createAccount } from '../../factories/account.factory';
import { visitRow } from '../../factories/visit-row.factory';
import { createTestApp, TestApp } from '../../utils/create-test-app';
import { shareRequests, idOf } from '../../utils/requests';
import { dbKind } from '../../utils/test-database';
import { visitorKey } from '../../../src/common/visitor-key';
import { toColumns } from '../../../src/analytics/store/visit-columns';

describe(`Migrations on ${dbKind()}`, () => {
  let t: TestApp;
  beforeAll(async () => (t = await createTestApp()));
  afterAll(() => t.close());

  it('should have run every migration on the empty database at start', async () => {
    const db = t.app.get(DataSource);
    expect(await db.showMigrations()).toBe(false);
    const ran = await db.query('SELECT name FROM migrations ORDER BY id');
    expect(ran.map((r: { name: string }) => r.name)).toEqual(MIGRATIONS.map((m) => m.name));
  });

  it('should never synchronize the schema', () => {
    expect(t.app.get(DataSource).options.synchronize).toBe(false);
  });

  it('should create a table for every entity and join table, and nothing else', async () => {
    const db = t.app.get(DataSource);
    const tables = entityTables(db);
    expect(tables).toEqual(TABLES);
    expect(await tablesOf(db, tables)).toEqual(TABLES);
  });

  it('should revert every migration and apply them again', async () => {
    const db = t.app.get(DataSource);
    for (let i = 0; i < MIGRATIONS.length; i++) await db.undoLastMigration();
    expect(await tablesOf(db, TABLES)).toEqual([]);
    await db.runMigrations();
    expect(await db.showMigrations()).toBe(false);
    expect(await tablesOf(db, TABLES)).toEqual(TABLES);
  });
});

// Its own database: the test above reverts every migration, which SQLite cannot do under rows
// other tables still point to.
describe(`Migrations on ${dbKind()} with rows in place`, () => {
  let t: TestApp;
  beforeAll(async () => (t = await createTestApp()));
  afterAll(() => t.close());

  it("should keep the rollups, and today's visitors as keys, when their tables are rebuilt", async () => {
    const db = t.app.get(DataSource);
    const a = await createAccount(t);
    const { shorten } = shareRequests(
      () => t,
      () => a,
    );
    const id = idOf(await shorten({ target_url: 'https://example.com/m' }).expect(200));
    const visit = visitRow({ linkId: id, accountId: a.id, referrerHost: 'example.org' });
    await t.app.get(VisitsRepository).store(toColumns([visit]));
    const rollups = async () =>
      (await db.query<object[]>('SELECT * FROM visit_rollups WHERE link_id = ?', [id])).map((x) =>
        JSON.stringify(Object.values(x)),
      );
    const today = Math.floor(Date.now() / 86_400_000);
    const key = visitorKey(today, id, visit.visitorHash);
    const keys = async () =>
      (await db.query<{ visitor_key: unknown }[]>('SELECT visitor_key FROM visitor_days')).map(
        (r) => Number(r.visitor_key),
      );
    // The hour alone: a new database's days hold the hours before the current one.
    const hourOnly = await rollups();
    expect(hourOnly).toHaveLength(1);
    expect(await keys()).toContain(key);
    const later = MIGRATIONS.length - MIGRATIONS.indexOf(ClusteredVisitors1763701600000);
    for (let i = 0; i < later; i++) await db.undoLastMigration();
    // Undone, the days hold every hour again, as the code before the mark reads them.
    const before = await rollups();
    expect(before).toHaveLength(2);
    expect(before).toEqual(expect.arrayContaining(hourOnly));
    if (dbKind() === 'sqlite') expect(await withoutRowid(db)).toEqual([false, false]);
    // The visitors of the day as they were: today's are kept as keys, older ones are not.
    const old = 'INSERT INTO visitor_days (day, link_id, visitor_hash) VALUES (?, ?, ?)';
    await db.query(old, [today, id, visit.visitorHash]);
    await db.query(old, [today - 2, id, 'bbbbbbbbbbbbbbbb']);
    await db.runMigrations();
    expect(await rollups()).toEqual(before);
    expect(await keys()).toEqual([key]);
    if (dbKind() === 'sqlite') {
      const [{ sql }] = await db.query<{ sql: string }[]>(
        "SELECT sql FROM sqlite_master WHERE name = 'visitor_days'",
      );
      // The key is the rowid: the table is one tree.
      expect(sql).toMatch(/"visitor_key" integer PRIMARY KEY NOT NULL\)$/);
    }
    await t.app.get(VisitsRepository).store(toColumns([{ ...visit, at: new Date() }]));
    const stats = await t.api().get(`/api/v1/links/${id}/stats`).set(a.auth).expect(200);
    expect(stats.body.data.totals).toEqual({ visits: 2, uniques: 1, bots: 0, qr_scans: 0 });
  });

  it("should sum each account's visits by kind of share when it starts keeping them", async () => {
    const db = t.app.get(DataSource);
    const a = await createAccount(t);
    const { shorten } = shareRequests(
      () => t,
      () => a,
    );
    const ids = [];
    for (const n of [1, 2]) {
      ids.push(idOf(await shorten({ target_url: `https://example.com/c${n}` }).expect(200)));
    }
    const later = MIGRATIONS.length - MIGRATIONS.indexOf(AccountClicks1763703600000);
    for (let i = 0; i < later; i++) await db.undoLastMigration();
    await db.query('UPDATE links SET clicks = ? WHERE id = ?', [5, ids[0]]);
    await db.query('UPDATE links SET clicks = ? WHERE id = ?', [7, ids[1]]);
    await db.runMigrations();
    const [row] = await db.query<{ shares: unknown; clicks: unknown }[]>(
      "SELECT shares, clicks FROM account_share_counts WHERE account_id = ? AND kind = 'redirect'",
      [a.id],
    );
    expect([Number(row.shares), Number(row.clicks)]).toEqual([2, 12]);
  });

  it("should index the links there are by their account's words, and back again", async () => {
    const db = t.app.get(DataSource);
    const a = await createAccount(t);
    const { shorten } = shareRequests(
      () => t,
      () => a,
    );
    await shorten({ target_url: 'https://example.com/s', title: 'Before the move' }).expect(200);
    const found = async (q: string) => {
      const res = await t.api().get(`/api/v1/links?q=${q}`).set(a.auth).expect(200);
      return (res.body as { data: unknown[] }).data.length;
    };
    const later = MIGRATIONS.length - MIGRATIONS.indexOf(AccountSearchWords1763703300000);
    for (let i = 0; i < later; i++) await db.undoLastMigration();
    await db.runMigrations();
    expect(await found('move')).toBe(1);
    expect(await found('the')).toBe(1);
    expect(await found('moved')).toBe(0);
  });

  it("should move the security log into the outbox as the account's events, already dispatched", async () => {
    const db = t.app.get(DataSource);
    const a = await createAccount(t);
    const later = MIGRATIONS.length - MIGRATIONS.indexOf(Events1763702900000);
    for (let i = 0; i < later; i++) await db.undoLastMigration(); // back to security_events
    await db.query(
      'INSERT INTO security_events (account_id, type, method, success, device, detail, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
      [a.id, 'login.failed', 'password', 0, 'Firefox · Linux', null, '2026-01-02 03:04:05.000'],
    );
    await db.runMigrations();
    const rows = await db.query<{ type: string; data: string; dispatched_at: unknown }[]>(
      "SELECT type, account_id, data, dispatched_at FROM outbox_events WHERE type LIKE 'account.login%' AND account_id = ?",
      [a.id],
    );
    expect(rows.map((r) => r.type)).toEqual(['account.login.failed']);
    expect(JSON.parse(rows[0].data)).toEqual({
      method: 'password',
      success: false,
      device: 'Firefox · Linux',
      detail: null,
    });
    expect(rows[0].dispatched_at).not.toBeNull();
  });
});

const TABLES = [
  'abuse_reports',
  'account_rollups',
  'account_share_counts',
  'accounts',
  'api_tokens',
  'bio_pages',
  'bundle_files',
  'bundles',
  'custom_domains',
  'domains',
  'email_tokens',
  'files',
  'invites',
  'link_health_checks',
  'link_tags',
  'links',
  'oidc_identities',
  'orphan_visits',
  'outbox_events',
  'passkeys',
  'plans',
  'recovery_codes',
  'settings',
  'share_tombstones',
  'tags',
  'texts',
  'two_factor',
  'upload_sessions',
  'usage_counters',
  'visit_events',
  'visit_rollups',
  'visitor_days',
  'visits',
  'web_sessions',
  'webhook_deliveries',
  'webhook_endpoints',
];

/** Whether the SQLite tables of the rollups and of the visitors of the day are WITHOUT ROWID. */
async function withoutRowid(db: DataSource): Promise<boolean[]> {
  const tables = ['visit_rollups', 'visitor_days'];
  return Promise.all(
    tables.map(async (name) => {
      const [r] = await db.query('SELECT sql FROM sqlite_master WHERE name = ?', [name]);
      return /WITHOUT ROWID\s*$/i.test((r as { sql: string }).sql);
    }),
  );
}

/** What the entities (and their many-to-many join tables) map to. */
const entityTables = (db: DataSource) =>
  [...new Set(db.entityMetadatas.map((m) => m.tableName))].sort();

/** Which of these tables exist in the database now. */
async function tablesOf(db: DataSource, names: string[]): Promise<string[]> {
  const qr = db.createQueryRunner();
  try {
    const tables = await qr.getTables(names);
    return tables.map((x) => x.name.split('.').pop()!).sort();
  } finally {
    await qr.release();
  }
}
