import { AccountsService } from '../../../src/auth/accounts.service';
import { createAccount } from '../../factories/account.factory';
import { createTestApp, TestApp } from '../../utils/create-test-app';

describe('Accounts, log-in and API tokens', () => {
  let t: TestApp;
  beforeAll(async () => (t = await createTestApp()));
  afterAll(() => t.close());

  describe('the guard', () => {
    it('should accept Authorization: Bearer <t>', async () => {
      const a = await createAccount(t);
      const res = await t
        .api()
        .get('/api/v1/account')
        .set('Authorization', `Bearer ${a.token}`)
        .expect(200);
      expect(res.body.data.email).toBe(a.email);
    });

    it('should accept the bare Authorization: <t>', async () => {
      const a = await createAccount(t);
      await t.api().get('/api/v1/account').set('Authorization', a.token).expect(200);
    });

    it('should accept ?signature=<t>', async () => {
      const a = await createAccount(t);
      await t.api().get(`/api/v1/account?signature=${a.token}`).expect(200);
    });

    it('should answer 401 without a token', async () => {
      const res = await t.api().get('/api/v1/account').expect(401);
      expect(res.body).toMatchObject({ code: 401, success: false, error: 'unauthorized' });
    });

    it('should answer 401 for an unknown token', async () => {
      const res = await t
        .api()
        .get('/api/v1/account')
        .set('Authorization', 'Bearer ld_doesnotexist')
        .expect(401);
      expect(res.body.error).toBe('unauthorized');
    });

    it('should answer 403 plan_inactive once the plan has ended', async () => {
      const a = await createAccount(t);
      await t.app.get(AccountsService).setPlan(a.email, 'pro', new Date(Date.now() - 1000));
      const res = await t.api().get('/api/v1/account').set(a.auth).expect(403);
      expect(res.body).toMatchObject({ code: 403, success: false, error: 'plan_inactive' });
    });

    it('should let a plan that ends in the future work and show when it ends', async () => {
      const a = await createAccount(t);
      const until = new Date(Date.now() + 86_400_000);
      await t.app.get(AccountsService).setPlan(a.email, 'pro', until);
      const res = await t.api().get('/api/v1/account').set(a.auth).expect(200);
      expect(res.body.data.plan).toMatchObject({
        code: 'pro',
        expires_at: Math.floor(until.getTime() / 1000),
      });
    });
  });

  describe('tokens', () => {
    it('should create a token shown once, list it by prefix, and revoke it', async () => {
      const a = await createAccount(t);
      const created = await t
        .api()
        .post('/api/v1/tokens')
        .set(a.auth)
        .send({ name: 'PicGo' })
        .expect(201);
      const { token, id, prefix } = created.body.data;
      expect(token.startsWith(prefix)).toBe(true);

      const list = await t.api().get('/api/v1/tokens').set('Authorization', token).expect(200);
      expect(list.body.data.map((x: { id: number }) => x.id)).toContain(id);
      expect(JSON.stringify(list.body)).not.toContain(token);
      const used = list.body.data.find((x: { id: number }) => x.id === id);
      expect(used.last_used_at).toEqual(expect.any(Number));

      const revoked = await t.api().delete(`/api/v1/tokens/${id}`).set(a.auth).expect(200);
      expect(revoked.body).toMatchObject({ code: 200, data: { id, revoked: true } });
      const res = await t.api().get('/api/v1/account').set('Authorization', token).expect(401);
      expect(res.body.error).toBe('unauthorized');
      await t.api().delete(`/api/v1/tokens/${id}`).set(a.auth).expect(404);
    });

    it("should answer another account's token as not found", async () => {
      const a = await createAccount(t);
      const b = await createAccount(t);
      const mine = await t.api().get('/api/v1/tokens').set(a.auth).expect(200);
      const res = await t
        .api()
        .delete(`/api/v1/tokens/${mine.body.data[0].id}`)
        .set(b.auth)
        .expect(404);
      expect(res.body.error).toBe('not_found');
      await t.api().get('/api/v1/account').set(a.auth).expect(200);
    });

    it('should refuse a token without a name', async () => {
      const a = await createAccount(t);
      const res = await t.api().post('/api/v1/tokens').set(a.auth).send({}).expect(400);
      expect(res.body.data.errors).toHaveProperty('name');
    });
  });
});
