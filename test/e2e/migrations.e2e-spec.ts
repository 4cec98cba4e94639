import { DataSource } from 'typeorm';
import { MIGRATIONS } from '../../src/database/migrations';
import { createTestApp, TestApp } from '../utils/create-test-app';
import { dbKind } from '../utils/test-database';

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

const TABLES = [
  'abuse_reports',
  'accounts',
  'api_tokens',
  'bio_pages',
  'custom_domains',
  'domains',
  'files',
  'link_tags',
  'links',
  'orphan_visits',
  'plans',
  'settings',
  'tags',
  'texts',
  'upload_sessions',
  'usage_counters',
  'visit_events',
  'visit_rollups',
  'visitor_days',
  'visits',
  'web_sessions',
];

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
