import { createAccount, TestAccount } from '../../factories/account.factory';
import { png } from '../../factories/file.factory';
import { createTestApp, TestApp } from '../../utils/create-test-app';

describe('Files', () => {
  let t: TestApp;
  let a: TestAccount;

  beforeAll(async () => {
    t = await createTestApp({ PLAN_FREE_MAX_FILE_BYTES: String(256 * 1024) });
    a = await createAccount(t);
  });
  afterAll(() => t.close());

  describe('upload', () => {
    it('should use the custom slug and domain given with the file', async () => {
      const res = await t
        .api()
        .post('/api/v1/file/upload')
        .set(a.auth)
        .field('custom_slug', 'my-pic')
        .attach('file', png(2, 2), 'p.png')
        .expect(200);
      expect(res.body.data.page).toBe('http://localhost:3000/my-pic');
      const taken = await t
        .api()
        .post('/api/v1/file/upload')
        .set(a.auth)
        .field('custom_slug', 'my-pic')
        .attach('file', png(2, 2), 'p.png')
        .expect(409);
      expect(taken.body.error).toBe('slug_taken');
      const badDomain = await t
        .api()
        .post('/api/v1/file/upload')
        .set(a.auth)
        .field('domain', 'evil.example')
        .attach('file', png(2, 2), 'p.png')
        .expect(400);
      expect(badDomain.body.error).toBe('domain_not_allowed');
    });

    it('should need a token', async () => {
      await t.api().post('/api/v1/file/upload').attach('file', png(1, 1), 'a.png').expect(401);
    });
  });
});
