import { DataSource } from 'typeorm';
import type { SqlRunner } from '../../../src/analytics/store/sql/batch-sql';
import { rowsSource, storeVisits } from '../../../src/analytics/store/sql/visit-batch';
import { VisitRecorder } from '../../../src/analytics/capture/visit-recorder';
import { VisitsRepository } from '../../../src/analytics/store/visits.repository';
import { ROLL_UP_LIGHT, VisitsPastMark } from '../../../src/analytics/store/sql/rollup-mark';
import { openWriterConnection } from '../../../src/analytics/store/sqlite-writer-connection';
import { createAccount, TestAccount } from '../../factories/account.factory';
import { visitRow } from '../../factories/visit-row.factory';
import { createTestApp, TestApp } from '../../utils/create-test-app';
import { shareRequests, idOf } from '../../utils/requests';
import { dbKind } from '../../utils/test-database';
import { toColumns } from '../../../src/analytics/store/visit-columns';

// SQLite's writer thread stores visits at once and rolls them up behind a mark: under load up to
// five seconds later, and after a crash at the next start. MySQL rolls up with every batch.
(dbKind() === 'sqlite' ? describe : describe.skip)('Rollups behind the stored visits', () => {
  let t: TestApp;
  let a: TestAccount;
  beforeAll(async () => {
    t = await createTestApp();
    a = await createAccount(t);
  });
  afterAll(() => t.close());
  const { shorten } = shareRequests(
    () => t,
    () => a,
  );

  const newLink = async () =>
    idOf(await shorten({ target_url: 'https://example.com/m' }).expect(200));
  const totalOf = async (id: number, app = t) => {
    const res = await app.api().get(`/api/v1/links/${id}/stats`).set(a.auth).expect(200);
    return res.body.data.totals.visits as number;
  };
  const until = async (check: () => Promise<boolean>, ms: number) => {
    const end = Date.now() + ms;
    while (!(await check())) {
      if (Date.now() > end) throw new Error(`not within ${ms} ms`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  const row = (linkId: number, visitorHash: string) =>
    visitRow({ linkId, accountId: a.id, visitorHash });
  /** Visits stored the way the writer stores them, and not rolled up: a crash in between. */
  const storedOnly = async (app: TestApp, linkId: number, n: number) => {
    const db = app.app.get(DataSource);
    const runner: SqlRunner = { mysql: false, query: (sql, params) => db.query(sql, params) };
    const rows = Array.from({ length: n }, (_, i) => row(linkId, `crash${i}`.padEnd(16, '0')));
    expect(await storeVisits(runner, rows)).toHaveLength(n);
  };

  it('should roll up a batch after a pause at once, and one under load within seconds', async () => {
    const id = await newLink();
    const visits = t.app.get(VisitsRepository);
    expect(await visits.store(toColumns([row(id, 'aaaaaaaaaaaaaaaa')]), 'gather')).toBe(1);
    expect(await totalOf(id)).toBe(1);
    // Right behind it, under load (10,000 visits waiting: due in 10 s, not the light load's 1 s,
    // which a group a second later may already meet): stored (the log has them), rolled up later.
    const storedAt = Date.now();
    const load = Array.from({ length: ROLL_UP_LIGHT }, (_, i) =>
      row(id, `load${i}`.padEnd(16, '0')),
    );
    expect(await visits.store(toColumns(load), 'gather')).toBe(ROLL_UP_LIGHT);
    const log = await t
      .api()
      .get(`/api/v1/links/${id}/visits?per_page=100`)
      .set(a.auth)
      .expect(200);
    expect(log.body.data).toHaveLength(100);
    const total = await totalOf(id);
    // Not yet, unless this machine took seconds to get here (then the roll-up may be due).
    if (Date.now() - storedAt < 8000) expect(total).toBe(1);
    await until(async () => (await totalOf(id)) === 1 + ROLL_UP_LIGHT, 20_000);
    expect(await totalOf(id)).toBe(1 + ROLL_UP_LIGHT);
  });

  it('should roll up on a flush what a batch not urged left for later', async () => {
    const id = await newLink();
    const visits = t.app.get(VisitsRepository);
    expect(await visits.store(toColumns([row(id, 'dddddddddddddddd')]), 'gather')).toBe(1);
    // As the recorder's own drain stores under load, with a flush joining it: the flush waits
    // for the roll-up too (a test or a shutdown then reads what it flushed).
    expect(await visits.store(toColumns([row(id, 'eeeeeeeeeeeeeeee')]), 'gather')).toBe(1);
    await t.app.get(VisitRecorder).flush();
    expect(await totalOf(id)).toBe(2);
  });

  it('should read back, not trust, what a failed transaction counted', async () => {
    const [x, y] = [await newLink(), await newLink()];
    expect(await t.app.get(VisitsRepository).store(toColumns([row(x, 'ffffffffffffffff')]))).toBe(
      1,
    );
    // Two writers on the file, as two instances would be.
    const file = t.dbUrl.replace(/^sqlite:/, '');
    const [one, two] = [openWriterConnection(file), openWriterConnection(file)];
    try {
      const a = new VisitsPastMark();
      const failed = one.inTransaction(async () => {
        await a.store(one.runner, rowsSource([row(x, 'gggggggggggggggg')]));
        throw new Error('the commit failed');
      });
      await expect(failed).rejects.toThrow('the commit failed');
      a.forget();
      // The other stores a visit of another share under the id the undone one had...
      await two.inTransaction(() =>
        new VisitsPastMark().store(two.runner, rowsSource([row(y, 'h'.repeat(16))])),
      );
      // ...and the first rolls up: that visit, not the one it counted and lost.
      await one.inTransaction(() => a.rollUp(one.runner));
    } finally {
      one.close();
      two.close();
    }
    expect([await totalOf(x), await totalOf(y)]).toEqual([1, 1]);
  });

  it('should roll up at the next start what a stopped run stored and did not roll up', async () => {
    const id = await newLink();
    // The writer thread runs and its mark is set.
    expect(await t.app.get(VisitsRepository).store(toColumns([row(id, 'cccccccccccccccc')]))).toBe(
      1,
    );
    await storedOnly(t, id, 3);
    expect(await totalOf(id)).toBe(1);
    const next = await createTestApp({ DB_URL: t.dbUrl, STORAGE_LOCAL_DIR: t.storageDir });
    try {
      await until(async () => (await totalOf(id, next)) === 4, 10_000);
      const stats = await next.api().get(`/api/v1/links/${id}/stats`).set(a.auth).expect(200);
      expect(stats.body.data.totals).toEqual({ visits: 4, uniques: 4, bots: 0, qr_scans: 0 });
    } finally {
      await next.close();
    }
    // Counted once: the first run's writer rolls up from the moved mark, finding nothing new.
    await t.app.get(VisitsRepository).store(toColumns([row(id, 'cccccccccccccccc')]));
    expect(await totalOf(id)).toBe(5);
  });

  it('should take a database without a mark as rolled up, counting nothing twice', async () => {
    const id = await newLink();
    const visits = t.app.get(VisitsRepository);
    expect(await visits.store(toColumns([row(id, 'dddddddddddddddd')]))).toBe(1);
    // A database from before the mark: every stored visit was rolled up with its batch.
    await t.app.get(DataSource).query("DELETE FROM settings WHERE name = 'visits_rolled_up_to'");
    const next = await createTestApp({ DB_URL: t.dbUrl, STORAGE_LOCAL_DIR: t.storageDir });
    try {
      expect(
        await next.app.get(VisitsRepository).store(toColumns([row(id, 'eeeeeeeeeeeeeeee')])),
      ).toBe(1);
      expect(await totalOf(id, next)).toBe(2);
    } finally {
      await next.close();
    }
  });

  it('should start a new writer thread when the one running stops', async () => {
    const id = await newLink();
    const visits = t.app.get(VisitsRepository);
    expect(await visits.store(toColumns([row(id, 'ffffffffffffffff')]))).toBe(1);
    const writer = (visits as unknown as { writer: { worker: { terminate(): Promise<number> } } })
      .writer;
    await writer.worker.terminate();
    expect(await visits.store(toColumns([row(id, '1111111111111111')]))).toBe(1);
    expect(await totalOf(id)).toBe(2);
  });
});
