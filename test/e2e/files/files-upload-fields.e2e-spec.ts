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

    it('should protect and expire a file given a password and an expiry with it', async () => {
      const at = Math.floor(t.clock.now() / 1000) + 3600;
      const res = await t
        .api()
        .post('/api/v1/file/upload')
        .set(a.auth)
        .field('password', 'sesame')
        .field('expire_at', String(at))
        .field('custom_slug', 'locked-pic')
        .attach('file', png(2, 2), 'p.png')
        .expect(200);
      const link = await t
        .api()
        .get(`/api/v1/links/${res.body.data.file_id as number}`)
        .set(a.auth);
      expect(link.body.data).toMatchObject({ has_password: true, expire_at: at });
      await t.api().get('/locked-pic').set('Accept', 'text/html').expect(401);
      const past = await t
        .api()
        .post('/api/v1/file/upload')
        .set(a.auth)
        .field('expire_at', 'soon')
        .attach('file', png(2, 2), 'p.png')
        .expect(400);
      expect(past.body.error).toBe('validation_failed');
    });

    it('should need a token', async () => {
      await t.api().post('/api/v1/file/upload').attach('file', png(1, 1), 'a.png').expect(401);
    });
  });
});
