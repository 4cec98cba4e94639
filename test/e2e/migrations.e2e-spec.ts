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

  it('should revert every migration and apply them again', async () => {
    const db = t.app.get(DataSource);
    for (let i = 0; i < MIGRATIONS.length; i++) await db.undoLastMigration();
    expect(await tablesOf(db)).toEqual([]);
    await db.runMigrations();
    expect(await db.showMigrations()).toBe(false);
    expect(await tablesOf(db)).toEqual(['accounts', 'files', 'links', 'plans', 'texts']);
  });
});

async function tablesOf(db: DataSource): Promise<string[]> {
  const qr = db.createQueryRunner();
  try {
    const tables = await qr.getTables(['links', 'accounts', 'plans', 'texts', 'files']);
    return tables.map((x) => x.name.split('.').pop()!).sort();
  } finally {
    await qr.release();
  }
}
