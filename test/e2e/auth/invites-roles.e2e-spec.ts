import { AccountsService } from '../../../src/auth/accounts.service';
import { TokensService } from '../../../src/auth/tokens.service';
import { createTestApp, TestApp } from '../../utils/create-test-app';

// AUTH_SIGNUP=invite: invitations made by admins are the only way in; and the admin role.
describe('Invitations and roles', () => {
  let t: TestApp;
  let admin: { id: number; auth: { Authorization: string } };
  let n = 0;
  const email = () => `invited-${++n}-${Date.now()}@example.com`;
  const password = 'a long password';

  beforeAll(async () => {
    t = await createTestApp({ AUTH_SIGNUP: 'invite' });
    const a = await t.app.get(AccountsService).create('root@example.com', password, 'free', true);
    const { token } = await t.app.get(TokensService).issue(a.id, 'admin');
    admin = { id: a.id, auth: { Authorization: `Bearer ${token}` } };
  });
  afterAll(() => t.close());
  afterEach(() => t.clock.reset());

  const invite = async (body: object = {}) =>
    (await t.api().post('/api/v1/admin/invites').set(admin.auth).send(body).expect(201)).body
      .data as { id: number; url: string; uses_left: number; expires_at: number | null };
  const secretOf = (url: string) => new URL(url).searchParams.get('invite')!;
  const signup = (invite?: string, who = email()) =>
    t.api().post('/api/v1/auth/signup').send({ email: who, password, invite });

  it('should make invitations for admins only, in the shape promised', async () => {
    const made = await invite({ uses: 2, expires_in_days: 3, plan: 'pro' });
    expect(made).toEqual({
      id: expect.any(Number),
      url: expect.stringMatching(/^http:\/\/localhost:3000\/signup\?invite=[\w-]{24}$/),
      uses_left: 2,
      expires_at: expect.any(Number),
    });
    expect(made.expires_at! - Date.now() / 1000).toBeGreaterThan(3 * 86_400 - 60);
    const listed = (await t.api().get('/api/v1/admin/invites').set(admin.auth).expect(200)).body
      .data as { id: number; url?: string }[];
    expect(listed.find((i) => i.id === made.id)).toEqual({
      id: made.id,
      uses_left: 2,
      expires_at: made.expires_at,
      plan: 'pro',
      created_at: expect.any(Number),
    });
    const member = (await signup(secretOf(made.url)).expect(201)).body.data as { token: string };
    const refused = await t
      .api()
      .post('/api/v1/admin/invites')
      .set('Authorization', member.token)
      .send({})
      .expect(403);
    expect(refused.body.error).toBe('forbidden');
    for (const bad of [{ uses: 0 }, { uses: 'x' }, { plan: 'gold' }, { expires_in_days: 9999 }]) {
      const res = await t.api().post('/api/v1/admin/invites').set(admin.auth).send(bad).expect(400);
      expect(res.body.error).toBe('validation_failed');
    }
  });

  it('should sign up only through a valid invitation, as many times as it allows, on its plan', async () => {
    expect((await signup().expect(403)).body.message).toMatch(/by invitation only/);
    const { url } = await invite({ uses: 2, plan: 'pro' });
    const first = (await signup(secretOf(url)).expect(201)).body.data as {
      account: { plan: { code: string } };
    };
    expect(first.account.plan.code).toBe('pro');
    // An email already taken fails without spending the use.
    await signup(secretOf(url), 'root@example.com').expect(409);
    await signup(secretOf(url)).expect(201);
    const spent = await signup(secretOf(url)).expect(403);
    expect(spent.body).toMatchObject({ error: 'signup_closed' });
    expect(spent.body.message).toMatch(/not valid any more/);
    await signup('not-an-invitation').expect(403);
  });

  it('should end an invitation at its expiry or when revoked', async () => {
    const expiring = await invite({ uses: 5, expires_in_days: 1 });
    t.clock.advance(86_400_000 + 1000);
    await signup(secretOf(expiring.url)).expect(403);
    t.clock.reset();
    const revoked = await invite({ uses: 5 });
    await t.api().delete(`/api/v1/admin/invites/${revoked.id}`).set(admin.auth).expect(200);
    await signup(secretOf(revoked.url)).expect(403);
    await t.api().delete(`/api/v1/admin/invites/${revoked.id}`).set(admin.auth).expect(404);
  });

  it('should let one sign-up only through a single-use invitation, however many race for it', async () => {
    const { url } = await invite();
    const results = await Promise.all(Array.from({ length: 6 }, () => signup(secretOf(url))));
    expect(results.map((r) => r.status).sort()).toEqual([201, 403, 403, 403, 403, 403]);
  });

  it('should show the sign-up form only for a valid invitation', async () => {
    const closed = await t.api().get('/signup').expect(403);
    expect(closed.text).toContain('by invitation only');
    expect(closed.text).not.toContain('name="password"');
    const { url } = await invite();
    const open = await t
      .api()
      .get(`/signup?invite=${secretOf(url)}`)
      .expect(200);
    expect(open.text).toContain(`name="invite" value="${secretOf(url)}"`);
    await t.api().get('/signup?invite=nope').expect(403);
  });

  it('should grant and take the admin role, never from the last admin', async () => {
    const accounts = t.app.get(AccountsService);
    const { url } = await invite();
    const other = (await signup(secretOf(url)).expect(201)).body.data as {
      account: { id: number };
    };
    await expect(accounts.setRole(admin.id, 'member')).rejects.toThrow(/last admin/);
    await accounts.setRole(other.account.id, 'admin');
    await accounts.setRole(admin.id, 'member');
    await expect(accounts.setRole(other.account.id, 'member')).rejects.toThrow(/last admin/);
    await accounts.setRole(admin.id, 'admin');
    expect((await accounts.getById(admin.id)).isAdmin).toBe(true);
    // Two admins demoting each other at once: one of them stays.
    const both = await Promise.allSettled([
      accounts.setRole(admin.id, 'member'),
      accounts.setRole(other.account.id, 'member'),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    const left = await Promise.all([admin.id, other.account.id].map((id) => accounts.getById(id)));
    expect(left.filter((a) => a.isAdmin)).toHaveLength(1);
    await accounts.setRole(admin.id, 'admin');
  });
});
