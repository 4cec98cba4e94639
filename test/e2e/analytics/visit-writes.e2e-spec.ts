import type { VisitRow } from '../../../src/analytics/rollups/rollup';
import { VisitRecorder } from '../../../src/analytics/capture/visit-recorder';
import { VisitsRepository } from '../../../src/analytics/store/visits.repository';
import {
  GROUP_EVERY_MS,
  HEAVY_GROUP,
  LIGHT_GROUP_EVERY_MS,
} from '../../../src/analytics/store/sql/rollup-mark';
import { createAccount, TestAccount } from '../../factories/account.factory';
import { visitRow } from '../../factories/visit-row.factory';
import { createTestApp, TestApp } from '../../utils/create-test-app';
import { shareRequests, idOf } from '../../utils/requests';
import { dbKind } from '../../utils/test-database';
import { toColumns } from '../../../src/analytics/store/visit-columns';
import { SqliteVisitWriter } from '../../../src/analytics/store/sqlite-visit-writer';
import { DataSource } from 'typeorm';

// Batches handed to the repository at once: on SQLite the writer thread commits them together.
describe('Visit batches written together', () => {
  let t: TestApp;
  let a: TestAccount;
  beforeAll(async () => {
    t = await createTestApp();
    a = await createAccount(t);
  });
  afterAll(() => t.close());
  const { shorten, visit } = shareRequests(
    () => t,
    () => a,
  );

  const visits = () => t.app.get(VisitsRepository);
  const row = (linkId: number, accountId: number, visitorHash: string): VisitRow =>
    visitRow({ linkId, accountId, visitorHash });

  it('should store every batch, and fail only the one that cannot be stored', async () => {
    const made = await shorten({ target_url: 'https://example.com/w' }).expect(200);
    const id = idOf(made);
    const results = await Promise.allSettled([
      visits().store(
        toColumns([row(id, a.id, 'aaaaaaaaaaaaaaaa'), row(id, a.id, 'bbbbbbbbbbbbbbbb')]),
      ),
      // No device (a NOT NULL column): the database refuses the batch.
      visits().store(
        toColumns([{ ...row(id, a.id, 'cccccccccccccccc'), device: null as unknown as 'other' }]),
      ),
      visits().store(toColumns([row(id, a.id, 'aaaaaaaaaaaaaaaa')])),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : null))).toEqual([2, null, 1]);
    const stats = await t.api().get(`/api/v1/links/${id}/stats`).set(a.auth).expect(200);
    expect(stats.body.data.totals).toEqual({ visits: 3, uniques: 2, bots: 0, qr_scans: 0 });
    const log = await t.api().get(`/api/v1/links/${id}/visits`).set(a.auth).expect(200);
    expect(log.body.data).toHaveLength(3);
  });

  it('should store the other visits of a batch when a share is deleted before it is written', async () => {
    const ids: number[] = [];
    for (const slug of ['gone1', 'kept1']) {
      const res = await shorten({ target_url: 'https://example.com/d', custom_slug: slug });
      expect(res.status).toBe(200);
      ids.push(idOf(res));
    }
    const [gone, kept] = ids;
    await visit('gone1').expect(302);
    await visit('kept1').expect(302);
    await t.api().delete(`/api/v1/links/${gone}`).set(a.auth).expect(200);
    const recorder = t.app.get(VisitRecorder);
    await recorder.flush();
    // Nothing waits for a retry: the deleted share's visit went with it, the other is stored.
    expect(recorder.waiting).toBe(0);
    const log = await t.api().get(`/api/v1/links/${kept}/visits`).set(a.auth).expect(200);
    expect(log.body.data).toHaveLength(1);
    const stored = await visits().store(toColumns([row(gone, a.id, 'aaaaaaaaaaaaaaaa')]));
    expect(stored).toBe(0);
  });

  it('should count every visit and visitor once when a roll-up goes in parts', async () => {
    const ids: number[] = [];
    for (const n of [1, 2, 3]) {
      const res = await shorten({ target_url: `https://example.com/p${n}` }).expect(200);
      ids.push(idOf(res));
    }
    // 1,500 visits of each share by 100 visitors, the shares interleaved; then one share's
    // 2,500 by 300 visitors alone: more than one part of a roll-up either way.
    const visitor = (i: number) => `v${String(i % 300).padStart(15, '0')}`;
    const mixed = Array.from({ length: 4500 }, (_, i) => row(ids[i % 3], a.id, visitor(i)));
    expect(await visits().store(toColumns(mixed))).toBe(4500);
    const one = Array.from({ length: 2500 }, (_, i) => row(ids[0], a.id, visitor(i + 7)));
    expect(await visits().store(toColumns(one))).toBe(2500);
    const totals = async (id: number): Promise<unknown> =>
      (await t.api().get(`/api/v1/links/${id}/stats`).set(a.auth).expect(200)).body.data.totals;
    expect(await totals(ids[0])).toEqual({ visits: 4000, uniques: 300, bots: 0, qr_scans: 0 });
    expect(await totals(ids[1])).toEqual({ visits: 1500, uniques: 100, bots: 0, qr_scans: 0 });
    expect(await totals(ids[2])).toEqual({ visits: 1500, uniques: 100, bots: 0, qr_scans: 0 });
  });

  it("should keep each share's visits in their order when a batch mixes shares", async () => {
    const ids: number[] = [];
    for (const target of ['https://example.com/x', 'https://example.com/y']) {
      ids.push(idOf(await shorten({ target_url: target }).expect(200)));
    }
    const [x, y] = ids;
    const at = new Date();
    // Written in share order: the two visits of each share keep theirs (same time, so the log
    // tells them apart by the order they were stored in).
    const visit = (linkId: number, referrerHost: string) => ({
      ...row(linkId, a.id, 'dddddddddddddddd'),
      at,
      referrerHost,
    });
    await t.app
      .get(VisitsRepository)
      .store(
        toColumns([
          visit(y, 'y1.example'),
          visit(x, 'x1.example'),
          visit(y, 'y2.example'),
          visit(x, 'x2.example'),
        ]),
      );
    for (const [id, name] of [
      [x, 'x'],
      [y, 'y'],
    ] as const) {
      const log = await t.api().get(`/api/v1/links/${id}/visits`).set(a.auth).expect(200);
      const hosts = (log.body.data as { referrer_host: string }[]).map((v) => v.referrer_host);
      expect(hosts).toEqual([`${name}2.example`, `${name}1.example`]);
    }
  });

  // SQLite's writer thread: a batch right after another waits for the next group, so batches
  // under load are committed together (a lower bound only: a slow machine waits longer anyway).
  (dbKind() === 'sqlite' ? it : it.skip)(
    'should start a new group at most every LIGHT_GROUP_EVERY_MS after a light one, unless urged or backlogged',
    async () => {
      const id = idOf(await shorten({ target_url: 'https://example.com/g' }).expect(200));
      const started = Date.now();
      expect(await visits().store(toColumns([row(id, a.id, 'eeeeeeeeeeeeeeee')]), 'gather')).toBe(
        1,
      );
      expect(await visits().store(toColumns([row(id, a.id, 'ffffffffffffffff')]), 'gather')).toBe(
        1,
      );
      expect(Date.now() - started).toBeGreaterThanOrEqual(LIGHT_GROUP_EVERY_MS - 50);
      // A sender with more behind the batch does not wait for the group: nothing more could come.
      const backlogAt = Date.now();
      expect(await visits().store(toColumns([row(id, a.id, '2222222222222222')]), 'backlog')).toBe(
        1,
      );
      expect(Date.now() - backlogAt).toBeLessThan(LIGHT_GROUP_EVERY_MS / 2);
      // Someone waiting (a flush, shutdown) does not wait for the group either, and it is rolled up.
      const urgentAt = Date.now();
      expect(await visits().store(toColumns([row(id, a.id, '1111111111111111')]))).toBe(1);
      expect(Date.now() - urgentAt).toBeLessThan(LIGHT_GROUP_EVERY_MS / 2);
      const stats = await t.api().get(`/api/v1/links/${id}/stats`).set(a.auth).expect(200);
      expect(stats.body.data.totals).toEqual({ visits: 4, uniques: 4, bots: 0, qr_scans: 0 });
    },
  );

  // Under load (a group of HEAVY_GROUP visits or more) the groups are as long as GROUP_EVERY_MS.
  (dbKind() === 'sqlite' ? it : it.skip)(
    'should start a new group at most every GROUP_EVERY_MS after a heavy one',
    async () => {
      const id = idOf(await shorten({ target_url: 'https://example.com/h' }).expect(200));
      const heavy = Array.from({ length: HEAVY_GROUP }, (_, i) =>
        row(id, a.id, i.toString(16).padStart(16, '0')),
      );
      const started = Date.now();
      expect(await visits().store(toColumns(heavy), 'gather')).toBe(HEAVY_GROUP);
      expect(await visits().store(toColumns([row(id, a.id, 'ffffffffffffffff')]), 'gather')).toBe(
        1,
      );
      expect(Date.now() - started).toBeGreaterThanOrEqual(GROUP_EVERY_MS - 50);
      // The group after it was light: the next follows within LIGHT_GROUP_EVERY_MS again.
      const lightAt = Date.now();
      expect(await visits().store(toColumns([row(id, a.id, 'eeeeeeeeeeeeeeee')]), 'gather')).toBe(
        1,
      );
      expect(Date.now() - lightAt).toBeLessThan(GROUP_EVERY_MS - 50);
    },
  );

  // Found in a bench round: two urgent batches arriving together while a gathered one waited for
  // its group's timer each scheduled a turn of the writer thread, and the second turn, with
  // nothing left to write, threw and took the thread down (a new one took over and read back the
  // visits past the roll-up mark, and the old thread's CPU went missing from the bench's count).
  (dbKind() === 'sqlite' ? it : it.skip)(
    'should keep its writer thread when urgent batches come together while one waits to gather',
    async () => {
      const made = await shorten({ target_url: 'https://example.com/u' }).expect(200);
      const id = idOf(made);
      const batch = (hash: string) => toColumns([row(id, a.id, hash)]);
      // A thread of its own on the app's file, in a known state (the app's has its own turns).
      const file = String(t.app.get(DataSource).options.database);
      const writer = new SqliteVisitWriter(file);
      const failed: unknown[] = [];
      writer['worker'].on('error', (e) => failed.push(e));
      try {
        // A group written now: the next gathered batch waits for LIGHT_GROUP_EVERY_MS after it.
        expect(await writer.write(batch('1111111111111111'), 'gather')).toBe(1);
        const written = [
          writer.write(batch('2222222222222222'), 'gather'),
          writer.write(batch('3333333333333333'), 'flush'),
          writer.write(batch('4444444444444444'), 'flush'),
        ];
        expect(await Promise.all(written)).toEqual([1, 1, 1]);
        // Any turn scheduled twice has run by now.
        await new Promise((r) => setTimeout(r, 300));
        expect(failed).toEqual([]);
        expect(writer.stopped).toBe(false);
        await expect(writer.write(batch('5555555555555555'), 'flush')).resolves.toBe(1);
      } finally {
        await writer.close();
      }
    },
  );
});
