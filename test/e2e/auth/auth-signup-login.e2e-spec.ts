import { AccountsService } from '../../../src/auth/accounts.service';
import { createAccount } from '../../factories/account.factory';
import { createTestApp, TestApp } from '../../utils/create-test-app';

describe('Accounts, log-in and API tokens', () => {
  let t: TestApp;
  beforeAll(async () => (t = await createTestApp()));
  afterAll(() => t.close());

  describe('sign-up', () => {
    it('should create an account on the default plan and answer a token once', async () => {
      const res = await t
        .api()
        .post('/api/v1/auth/signup')
        .send({ email: 'Ada@Example.com', password: 'analytical engine' })
        .expect(201);
      expect(res.body).toMatchObject({ code: 201, success: true, message: 'success' });
      expect(res.body.data.token).toMatch(/^ld_[A-Za-z0-9_-]{32}$/);
      expect(res.body.data.account).toMatchObject({
        email: 'ada@example.com',
        plan: { code: 'free', name: 'Free', expires_at: null },
        usage: { storage_bytes: 0, files: 0, links: 0, texts: 0 },
      });
      expect(res.body.data.account.plan.max_file_bytes).toBeGreaterThan(0);
      expect(res.body.data.account).not.toHaveProperty('password_hash');
    });

    it('should refuse an email that is taken, whatever its case', async () => {
      await t
        .api()
        .post('/api/v1/auth/signup')
        .send({ email: 'grace@example.com', password: 'compiler one' })
        .expect(201);
      const res = await t
        .api()
        .post('/api/v1/auth/signup')
        .send({ email: 'GRACE@example.com', password: 'compiler two' })
        .expect(409);
      expect(res.body).toMatchObject({ code: 409, success: false, error: 'email_taken' });
    });

    it('should answer validation errors per field', async () => {
      const res = await t
        .api()
        .post('/api/v1/auth/signup')
        .send({ email: 'not-an-email', password: 'short' })
        .expect(400);
      expect(res.body).toMatchObject({ code: 400, success: false, error: 'validation_failed' });
      expect(Object.keys(res.body.data.errors).sort()).toEqual(['email', 'password']);
    });

    it('should refuse unknown fields', async () => {
      const res = await t
        .api()
        .post('/api/v1/auth/signup')
        .send({ email: 'x@example.com', password: 'long enough', is_admin: true })
        .expect(400);
      expect(res.body.data.errors).toHaveProperty('is_admin');
    });

    it('should never store the password in plain text', async () => {
      const { email, password } = await createAccount(t);
      const account = await t.app.get(AccountsService).verifyCredentials(email, password);
      expect(account.passwordHash).not.toContain(password);
      expect(account.passwordHash).toMatch(/^scrypt\$/);
    });
  });

  describe('log-in', () => {
    it('should answer a fresh token for the right password', async () => {
      const a = await createAccount(t);
      const res = await t
        .api()
        .post('/api/v1/auth/login')
        .send({ email: a.email.toUpperCase(), password: a.password })
        .expect(200);
      expect(res.body.data.token).not.toEqual(a.token);
      expect(res.body.data.account.email).toBe(a.email);
      await t
        .api()
        .get('/api/v1/account')
        .set('Authorization', `Bearer ${res.body.data.token}`)
        .expect(200);
    });

    it('should refuse a wrong password and an unknown email alike', async () => {
      const a = await createAccount(t);
      const wrong = await t
        .api()
        .post('/api/v1/auth/login')
        .send({ email: a.email, password: 'wrong password' })
        .expect(401);
      const unknown = await t
        .api()
        .post('/api/v1/auth/login')
        .send({ email: 'nobody@example.com', password: 'wrong password' })
        .expect(401);
      expect(wrong.body).toMatchObject({ error: 'invalid_credentials', data: null });
      expect(unknown.body).toEqual(wrong.body);
    });

    it('should keep accounts whose emails differ only by an accent apart', async () => {
      const password = 'correct horse battery';
      const accented = `josé-${Date.now()}@example.com`;
      const plain = accented.replace('é', 'e');
      await t.api().post('/api/v1/auth/signup').send({ email: accented, password }).expect(201);
      await t.api().post('/api/v1/auth/login').send({ email: plain, password }).expect(401);
      await t.api().post('/api/v1/auth/signup').send({ email: plain, password }).expect(201);
      const res = await t.api().post('/api/v1/auth/login').send({ email: plain, password });
      expect(res.status).toBe(200);
      expect(res.body.data.account.email).toBe(plain);
    });
  });
});
