import { AccountsService } from '../../../src/auth/accounts.service';
import { createAccount, TestAccount } from '../../factories/account.factory';
import { createTestApp, TestApp } from '../../utils/create-test-app';
import { shareRequests } from '../../utils/requests';

// The guard keeps token rows for a minute here: each change must reach it without waiting.
describe('The guard’s cached token rows', () => {
  let t: TestApp;
  beforeAll(
    async () =>
      (t = await createTestApp({ AUTH_CACHE_SECONDS: '60', PLAN_FREE_QUOTA_BYTES: '1000' })),
  );
  afterAll(() => t.close());

  const tags = (a: TestAccount) => t.api().get('/api/v1/tags').set(a.auth);

  it('should refuse a revoked token at once', async () => {
    const a = await createAccount(t);
    const made = await t.api().post('/api/v1/tokens').set(a.auth).send({ name: 'ci' }).expect(201);
    const other = { auth: { Authorization: `Bearer ${made.body.data.token}` } } as TestAccount;
    await tags(other).expect(200);
    await t.api().delete(`/api/v1/tokens/${made.body.data.id}`).set(a.auth).expect(200);
    expect((await tags(other).expect(401)).body.error).toBe('unauthorized');
    await tags(a).expect(200);
  });

  it('should refuse a disabled account at once, and take it back once enabled', async () => {
    const a = await createAccount(t);
    await tags(a).expect(200);
    await t.app.get(AccountsService).setDisabled(a.id, new Date());
    expect((await tags(a).expect(403)).body.error).toBe('account_disabled');
    await t.app.get(AccountsService).setDisabled(a.id, null);
    await tags(a).expect(200);
  });

  it('should apply a new plan at once', async () => {
    const a = await createAccount(t);
    const before = await t.api().get('/api/v1/usage').set(a.auth).expect(200);
    expect(before.body.data.storage_usage_limit_mb).toBe('0.00');
    await t.app.get(AccountsService).setPlan(a.email, 'pro', null);
    const after = await t.api().get('/api/v1/usage').set(a.auth).expect(200);
    expect(Number(after.body.data.storage_usage_limit_mb)).toBeGreaterThan(1);
  });

  it('should hold the quota to the bytes stored now, not to those of a cached row', async () => {
    const a = await createAccount(t);
    const { upload: send } = shareRequests(
      () => t,
      () => a,
    );
    const upload = (fill: number) => send(Buffer.alloc(600, fill), 'a.bin');
    const first = await upload(1).expect(200);
    expect((await upload(2).expect(413)).body.error).toBe('quota_exceeded');
    await t.api().get(`/api/v1/file/delete/${first.body.data.hash}`).expect(200);
    // The row cached before the delete still says 600 bytes; the quota must not.
    await upload(3).expect(200);
  });
});
