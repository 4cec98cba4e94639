import { createAccount } from '../../factories/account.factory';
import { createTestApp, TestApp } from '../../utils/create-test-app';

describe('Storage quota', () => {
  let t: TestApp;
  beforeAll(async () => (t = await createTestApp({ PLAN_FREE_QUOTA_BYTES: '1000' })));
  afterAll(() => t.close());

  it('should refuse a file that does not fit in what is left, and keep nothing', async () => {
    const a = await createAccount(t);
    await t
      .api()
      .post('/api/v1/file/upload')
      .set(a.auth)
      .attach('file', Buffer.alloc(600, 1), 'a.bin')
      .expect(200);
    const res = await t
      .api()
      .post('/api/v1/file/upload')
      .set(a.auth)
      .attach('file', Buffer.alloc(600, 2), 'b.bin')
      .expect(413);
    expect(res.body.error).toBe('quota_exceeded');
    expect(await t.storedFiles()).toHaveLength(1);
  });
});
