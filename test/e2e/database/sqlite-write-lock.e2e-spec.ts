import Database from 'better-sqlite3';
import { DataSource } from 'typeorm';
import { UnitOfWork } from '../../../src/database/unit-of-work';
import { createAccount, TestAccount } from '../../factories/account.factory';
import { createTestApp, TestApp } from '../../utils/create-test-app';
import { dbKind } from '../../utils/test-database';

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

// Another connection holding SQLite's write lock stands for the visit writer thread (or a second
// instance) in the middle of a batch. Here it lives on the test's own thread, so a wait for the
// lock that slept on the thread would never end: only waiting between turns lets the test go on.
(dbKind() === 'sqlite' ? describe : describe.skip)('SQLite write lock', () => {
  let t: TestApp;
  let a: TestAccount;
  let other: Database.Database;
  beforeAll(async () => {
    t = await createTestApp({ DB_QUERY_TIMEOUT_SECONDS: '1' });
    a = await createAccount(t);
    await t
      .api()
      .post('/api/v1/shorten')
      .set(a.auth)
      .send({ target_url: 'https://example.com/', custom_slug: 'here' })
      .expect(200);
    other = new Database(t.dbUrl.slice('sqlite:'.length), { timeout: 0 });
  });
  afterAll(async () => {
    other.close();
    await t.close();
  });

  /** Takes the lock as the writer thread would, once the app's own writes let it. */
  const takeLock = async () => {
    for (;;) {
      try {
        return void other.exec('BEGIN IMMEDIATE');
      } catch {
        await pause(5);
      }
    }
  };
  const shorten = (slug: string) =>
    t
      .api()
      .post('/api/v1/shorten')
      .set(a.auth)
      .send({ target_url: 'https://example.com/', custom_slug: slug });

  it('should keep serving while a write waits for the lock, and write once it is free', async () => {
    await takeLock();
    const answered: string[] = [];
    const link = shorten('waited').then((res) => (answered.push('link'), res));
    const tag = t
      .api()
      .post('/api/v1/tags')
      .set(a.auth)
      .send({ name: 'waited' })
      .then((res) => (answered.push('tag'), res));
    const signup = t
      .api()
      .post('/api/v1/auth/signup')
      .send({ email: 'waited@example.com', password: 'correct horse battery' })
      .then((res) => (answered.push('signup'), res));
    await pause(300);
    const redirect = await t.api().get('/here').expect(302);
    expect(redirect.headers.location).toBe('https://example.com/');
    await t.api().get('/api/v1/tags').set(a.auth).expect(200);
    expect(answered).toEqual([]);
    other.exec('COMMIT');
    expect((await link).status).toBe(200);
    expect((await tag).status).toBe(201);
    expect((await signup).status).toBe(201);
    await t.api().get('/waited').expect(302);
  });

  it('should answer 503 when the lock stays taken too long, and write nothing', async () => {
    await takeLock();
    const started = Date.now();
    const res = await shorten('refused').expect(503);
    expect(res.body.error).toBe('service_unavailable');
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    other.exec('ROLLBACK');
    await t.api().get('/refused').expect(404);
    await shorten('refused').expect(200);
  });

  const holdsLockFromStart = () =>
    t.app.get(UnitOfWork).run(async () => {
      await pause(10);
      const insert = () => other.exec(`INSERT INTO settings (name, value) VALUES ('x', 'y')`);
      expect(insert).toThrow(expect.objectContaining({ code: 'SQLITE_BUSY' }));
    });

  it('should hold the lock from the start of a transaction, so no read in it goes stale', () =>
    holdsLockFromStart());

  it('should keep its statement journals in memory once migrated (no pwrite per journaled page)', async () => {
    const [{ temp_store }] = await t.app
      .get(DataSource)
      .query<{ temp_store: number }[]>('PRAGMA temp_store');
    expect(temp_store).toBe(2);
  });

  it('should begin afresh after SQLite rolled a whole group back by itself (a full disk)', async () => {
    const db = t.app.get(DataSource);
    const [{ page_count }] = await db.query<{ page_count: number }[]>('PRAGMA page_count');
    await db.query(`PRAGMA max_page_count = ${page_count + 10}`);
    const text = { content: 'x'.repeat(1024 * 1024), title: 'too big' };
    const full = await t.api().post('/api/v1/text').set(a.auth).send(text).expect(507);
    expect(full.body.error).toBe('insufficient_storage');
    await db.query('PRAGMA max_page_count = 1073741823');
    await holdsLockFromStart();
    await shorten('after-full').expect(200);
  });
});
