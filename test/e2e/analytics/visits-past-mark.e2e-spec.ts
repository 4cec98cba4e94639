import { getRepositoryToken } from '@nestjs/typeorm';
import { DataSource, Repository } from 'typeorm';
import { Visit } from '../../../src/analytics/store/visit.entity';
import type { SqlRunner } from '../../../src/analytics/store/sql/batch-sql';
import { VisitsPastMark } from '../../../src/analytics/store/sql/rollup-mark';
import { rowsSource, storeVisits } from '../../../src/analytics/store/sql/visit-batch';
import { RETENTION_WINDOW, VisitsRepository } from '../../../src/analytics/store/visits.repository';
import type { VisitRow } from '../../../src/analytics/rollups/rollup';
import { createAccount, TestAccount } from '../../factories/account.factory';
import { visitRow } from '../../factories/visit-row.factory';
import { createTestApp, TestApp } from '../../utils/create-test-app';
import { shareRequests, idOf } from '../../utils/requests';
import { dbKind } from '../../utils/test-database';

// The SQLite writer keeps the visits it stored past the mark and rolls them up from memory; it
// must read back whenever those are not exactly the visits past the mark.
(dbKind() === 'sqlite' ? describe : describe.skip)('Visits kept past the mark', () => {
  let t: TestApp;
  let a: TestAccount;
  let sql: string[];
  let runner: SqlRunner;
  beforeAll(async () => {
    t = await createTestApp();
    a = await createAccount(t);
    const db = t.app.get(DataSource);
    runner = { mysql: false, query: (q, params) => (sql.push(q), db.query(q, params)) };
  });
  beforeEach(() => (sql = []));
  afterAll(() => t.close());
  const { shorten } = shareRequests(
    () => t,
    () => a,
  );

  const newLink = async () =>
    idOf(await shorten({ target_url: 'https://example.com/k' }).expect(200));
  const rows = (linkId: number, n: number, tag: string) =>
    Array.from({ length: n }, (_, i) =>
      visitRow({ linkId, accountId: a.id, visitorHash: `${tag}${i}`.padEnd(16, '0') }),
    );
  const totalsOf = async (id: number): Promise<unknown> =>
    (await t.api().get(`/api/v1/links/${id}/stats`).set(a.auth).expect(200)).body.data.totals;
  const readBacks = () => sql.filter((q) => q.includes('FROM visits WHERE id > ?')).length;

  it('should roll up the visits it stored from memory, reading none back', async () => {
    const id = await newLink();
    const pastMark = new VisitsPastMark();
    await pastMark.store(runner, rowsSource(rows(id, 3, 'a')));
    await pastMark.store(runner, rowsSource(rows(id, 2, 'b')));
    // Visitors seen again within the same roll-up are counted once.
    await pastMark.store(runner, rowsSource(rows(id, 2, 'a')));
    expect(await pastMark.rollUp(runner)).toBe(7);
    expect(await totalsOf(id)).toEqual({ visits: 7, uniques: 5, bots: 0, qr_scans: 0 });
    await pastMark.storeAndRollUp(runner, rowsSource(rows(id, 1, 'a')));
    expect(await totalsOf(id)).toEqual({ visits: 8, uniques: 5, bots: 0, qr_scans: 0 });
    expect(readBacks()).toBe(0);
  });

  it('should read back when another writer stored visits past the mark meanwhile', async () => {
    const id = await newLink();
    const pastMark = new VisitsPastMark();
    await pastMark.store(runner, rowsSource(rows(id, 2, 'c')));
    await storeVisits(runner, rows(id, 1, 'd'));
    expect(await pastMark.rollUp(runner)).toBe(3);
    expect(readBacks()).toBe(1);
    // In between its own stores, too: what it kept no longer follows on from the mark.
    await pastMark.store(runner, rowsSource(rows(id, 1, 'e')));
    await storeVisits(runner, rows(id, 1, 'f'));
    await pastMark.store(runner, rowsSource(rows(id, 1, 'g')));
    expect(await pastMark.rollUp(runner)).toBe(3);
    expect(readBacks()).toBe(2);
    expect(await totalsOf(id)).toEqual({ visits: 6, uniques: 6, bots: 0, qr_scans: 0 });
  });

  it('should leave out the kept visits of a share deleted before the roll-up', async () => {
    // Created first, so its visits are stored first and the last visit id stays the other's.
    const gone = await newLink();
    const id = await newLink();
    const pastMark = new VisitsPastMark();
    await pastMark.store(runner, rowsSource([...rows(id, 2, 'h'), ...rows(gone, 2, 'i')]));
    await t.api().delete(`/api/v1/links/${gone}`).set(a.auth).expect(200);
    expect(await pastMark.rollUp(runner)).toBe(2);
    expect(readBacks()).toBe(0);
    expect(await totalsOf(id)).toEqual({ visits: 2, uniques: 2, bots: 0, qr_scans: 0 });
    const [{ n }] = await t.app
      .get(DataSource)
      .query<{ n: number }[]>('SELECT COUNT(*) AS n FROM visit_rollups WHERE link_id = ?', [gone]);
    expect(Number(n)).toBe(0);
  });

  it('should not trust what it kept after a transaction that failed', async () => {
    const id = await newLink();
    const pastMark = new VisitsPastMark();
    const inFailedTransaction = async (work: (db: SqlRunner) => Promise<unknown>) => {
      const qr = t.app.get(DataSource).createQueryRunner();
      await qr.startTransaction();
      await work({ mysql: false, query: (q, params) => qr.query(q, params) });
      await qr.rollbackTransaction();
      await qr.release();
    };
    // A store rolled back: its visit ids are given again to the next visits stored.
    await inFailedTransaction((db) => pastMark.store(db, rowsSource(rows(id, 2, 'j'))));
    await pastMark.store(runner, rowsSource(rows(id, 1, 'k')));
    expect(await pastMark.rollUp(runner)).toBe(1);
    expect(await totalsOf(id)).toEqual({ visits: 1, uniques: 1, bots: 0, qr_scans: 0 });
    // A roll-up rolled back: the mark stays where it was, and the next roll-up counts them once.
    await pastMark.store(runner, rowsSource(rows(id, 2, 'l')));
    await inFailedTransaction((db) => pastMark.rollUp(db));
    expect(await pastMark.rollUp(runner)).toBe(2);
    expect(await totalsOf(id)).toEqual({ visits: 3, uniques: 3, bots: 0, qr_scans: 0 });
  });

  it('should keep raw visits past retention until they are rolled up', async () => {
    const id = await newLink();
    const pastMark = new VisitsPastMark();
    const old = new Date('2026-01-10T12:00:00Z');
    await pastMark.store(runner, rowsSource(rows(id, 3, 'm').map((r) => ({ ...r, at: old }))));
    const visits = t.app.get(VisitsRepository);
    const dayCount = async () => {
      const [{ n }] = await t.app
        .get(DataSource)
        .query<{ n: number | null }[]>(
          "SELECT SUM(visits) AS n FROM visit_rollups WHERE link_id = ? AND span = 'h'",
          [id],
        );
      return Number(n ?? 0);
    };
    const cutoff = new Date('2026-02-01T00:00:00Z');
    expect(await visits.deleteBefore(cutoff)).toBe(0);
    expect(await pastMark.rollUp(runner)).toBe(3);
    expect(await dayCount()).toBe(3);
    expect(await visits.deleteBefore(cutoff)).toBe(3);
    expect(await dayCount()).toBe(3);
  });

  it('should delete visits past retention a window of ids at a time, wherever they were stored', async () => {
    const id = await newLink();
    const pastMark = new VisitsPastMark();
    const at = (iso: string) => (r: VisitRow) => ({ ...r, at: new Date(iso) });
    const old = rows(id, RETENTION_WINDOW + 500, 'o').map(at('2026-01-10T12:00:00Z'));
    const young = rows(id, 2 * RETENTION_WINDOW + 500, 'y').map(at('2026-03-01T12:00:00Z'));
    // Stored last but from before the cutoff (an import, a replay after an outage).
    const late = rows(id, 1, 'l').map(at('2026-01-11T12:00:00Z'));
    for (const batch of [old, young, late]) await pastMark.store(runner, rowsSource(batch));
    expect(await pastMark.rollUp(runner)).toBe(old.length + young.length + 1);
    const visits = t.app.get(VisitsRepository);
    const cutoff = new Date('2026-02-01T00:00:00Z');
    // An hourly sweep stops at the first window it deletes nothing from: the late visit waits.
    expect(await visits.deleteBefore(cutoff, false)).toBe(old.length);
    // One statement per window: the 4,501 visits left take three at least.
    const deletes = jest.spyOn(t.app.get<Repository<Visit>>(getRepositoryToken(Visit)), 'delete');
    expect(await visits.deleteBefore(cutoff)).toBe(1);
    expect(deletes.mock.calls.length).toBeGreaterThanOrEqual(3);
    deletes.mockRestore();
    const [{ n }] = await t.app
      .get(DataSource)
      .query<{ n: number }[]>('SELECT COUNT(*) AS n FROM visits WHERE link_id = ?', [id]);
    expect(Number(n)).toBe(young.length);
  });
});
