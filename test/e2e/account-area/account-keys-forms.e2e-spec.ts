import { AccountsService } from '../../../src/auth/accounts.service';
import { WebSessionsService } from '../../../src/auth/sessions/web-sessions.service';
import { TwoFactorService } from '../../../src/auth/two-factor/two-factor.service';
import { createAccount } from '../../factories/account.factory';
import { createTestApp, TestApp } from '../../utils/create-test-app';
import { browserSession } from '../../utils/browser-session';

// The forms behind the admin's account keys (/admin/accounts/:id/…) and the security page's
// two-factor, passkey and sign-on routes, posted as a browser would, bad input included.
describe('Account keys, posted as forms', () => {
  let t: TestApp;
  beforeAll(async () => (t = await createTestApp()));
  afterAll(() => t.close());

  /** A browser session of `accountId`: forms posted with its cookie and CSRF token. */
  const browserOf = async (accountId: number) => (await browserSession(t, accountId)).post;

  it("should let an admin change a role, end an account's sessions and turn off its codes", async () => {
    const accounts = t.app.get(AccountsService);
    const root = await accounts.create(
      `root-${Date.now()}@example.com`,
      'a long password',
      'free',
      true,
    );
    const admin = await browserOf(root.id);
    const a = await createAccount(t);
    const factors = t.app.get(TwoFactorService);
    await factors.begin(a.id, a.email);
    const promoted = await admin(`/admin/accounts/${a.id}/role`, { role: 'admin' }).expect(200);
    expect(promoted.text).toContain(`${a.email} is now admin`);
    await admin(`/admin/accounts/${a.id}/role`, { role: 'owner' }).expect(400);
    await admin(`/admin/accounts/${a.id}/role`, { role: 'member' }).expect(200);
    expect((await accounts.getById(a.id)).isAdmin).toBe(false);
    const theirs = await t.app.get(WebSessionsService).start(a.id, 'curl/8');
    const ended = await admin(`/admin/accounts/${a.id}/end-sessions`).expect(200);
    expect(ended.text).toContain(`1 browser session of ${a.email} ended`);
    expect(await t.app.get(WebSessionsService).resolve(theirs)).toBeNull();
    await admin(`/admin/accounts/${a.id}/reset-2fa`).expect(200);
    expect(await factors.pending(a.id, a.email)).toBeNull();
    await admin('/admin/accounts/999999/end-sessions').expect(404);
    // A member is refused the admin's forms.
    const member = await browserOf(a.id);
    await member(`/admin/accounts/${root.id}/role`, { role: 'member' }).expect(403);
  });

  it('should refuse bad input on the two-factor, passkey and sign-on routes, changing nothing', async () => {
    const a = await createAccount(t);
    const browser = await browserOf(a.id);
    const wrong = await browser('/account/2fa/confirm', { code: '123456' }).expect(409);
    expect(wrong.text).toContain('There is no enrolment to confirm');
    await browser('/account/2fa/disable', { password: 'not it' }).expect(400);
    const noAnswer = await browser('/account/passkeys', { name: 'x' }).expect(400);
    expect(noAnswer.body).toEqual({ error: 'validation_failed', message: 'response is missing' });
    await browser('/account/passkeys/999999/remove').expect(404);
    // The log-in's passkey routes want the log-in form's token.
    await t.api().post('/login/passkey/options').send({}).expect(403);
    await t.api().get('/auth/oidc/nobody').expect(404);
    expect(await t.app.get(TwoFactorService).isEnabled(a.id)).toBe(false);
  });
});
