import { createAccount } from '../../factories/account.factory';
import { png } from '../../factories/file.factory';
import { createTestApp, TestApp } from '../../utils/create-test-app';

const QUOTA = 3_000_000;
const FILE = 900_000;

describe('Parallel uploads by one account', () => {
  let t: TestApp;
  beforeAll(
    async () =>
      (t = await createTestApp({
        PLAN_FREE_QUOTA_BYTES: String(QUOTA),
        PLAN_FREE_MAX_FILE_BYTES: String(2 * FILE),
      })),
  );
  afterAll(() => t.close());

  it('should never let them pass the quota together, and answer each without a 500', async () => {
    const a = await createAccount(t);
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        t
          .api()
          .post('/api/v1/file/upload')
          .set(a.auth)
          .attach('file', Buffer.alloc(FILE, i + 1), `f${i}.bin`),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.every((s) => s === 200 || s === 413)).toBe(true);
    for (const r of results.filter((x) => x.status === 413)) {
      expect(r.body.error).toBe('quota_exceeded');
    }
    const stored = statuses.filter((s) => s === 200).length;
    expect(stored).toBe(Math.floor(QUOTA / FILE));
    const usage = (await t.api().get('/api/v1/account').set(a.auth)).body.data.usage;
    expect(usage.storage_bytes).toBe(stored * FILE);
    expect(usage.files).toBe(stored);
    expect(await t.storedFiles()).toHaveLength(stored);
  });

  it('should store identical bytes sent in parallel to /api/v2 once', async () => {
    const a = await createAccount(t);
    const before = (await t.storedFiles()).length;
    const bytes = png(7, 7);
    const results = await Promise.all(
      Array.from({ length: 6 }, () =>
        t
          .api()
          .post('/api/v2/upload')
          .set('Authorization', a.token)
          .attach('smfile', bytes, 'p.png'),
      ),
    );
    const codes = results.map((r) => (r.body as { code: string }).code).sort();
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(codes).toEqual([
      'image_repeated',
      'image_repeated',
      'image_repeated',
      'image_repeated',
      'image_repeated',
      'success',
    ]);
    expect(await t.storedFiles()).toHaveLength(before + 1);
    const usage = (await t.api().get('/api/v1/account').set(a.auth)).body.data.usage;
    expect(usage).toMatchObject({ files: 1, storage_bytes: bytes.length });
  });
});
