import { SecurityLog } from '../../../src/auth/security-log/security-log.service';
import { codeAt } from '../../../src/auth/two-factor/totp';
import { TwoFactorPolicy } from '../../../src/auth/two-factor/two-factor-policy';
import { TwoFactorService } from '../../../src/auth/two-factor/two-factor.service';
import { createAccount, TestAccount } from '../../factories/account.factory';
import { createTestApp, TestApp } from '../../utils/create-test-app';

// Two-factor codes over the API (the browser's enrolment is in the account-area browser tests).
describe('Two-factor codes at log-in (API)', () => {
  let t: TestApp;
  beforeAll(async () => (t = await createTestApp({ AUTH_LOGIN_PER_MINUTE_PER_ACCOUNT: '6' })));
  afterAll(() => t.close());
  afterEach(async () => {
    t.clock.reset();
    await t.app.get(TwoFactorPolicy).set('none');
  });

  /** An account with two-factor codes on: its secret and recovery codes. */
  async function enrolled(): Promise<TestAccount & { secret: string; codes: string[] }> {
    const a = await createAccount(t);
    const factors = t.app.get(TwoFactorService);
    const secret = (await factors.begin(a.id, a.email)).secret.replace(/ /g, '');
    const codes = await factors.confirm(a.id, a.email, codeAt(secret, t.clock.now()));
    t.clock.advance(30_000); // the code that confirmed it is spent
    return { ...a, secret, codes };
  }
  const login = (a: TestAccount) =>
    t.api().post('/api/v1/auth/login').send({ email: a.email, password: a.password });
  const second = (challenge: string, code: string) =>
    t.api().post('/api/v1/auth/login/2fa').send({ challenge, code });

  it('should ask for a code after the password, and give a token only for a right one', async () => {
    const a = await enrolled();
    const first = await login(a).expect(200);
    expect(first.body.data).toEqual({ two_factor_required: true, challenge: expect.any(String) });
    expect(JSON.stringify(first.body)).not.toMatch(/ld_/);
    const { challenge } = first.body.data as { challenge: string };
    const wrong = await second(challenge, '000000').expect(401);
    expect(wrong.body).toMatchObject({ error: 'invalid_credentials' });
    const code = codeAt(a.secret, t.clock.now());
    const ok = await second(challenge, code).expect(200);
    expect(ok.body.data.token).toMatch(/^ld_/);
    expect(ok.body.data.account.email).toBe(a.email);
    await t.api().get('/api/v1/account').set('Authorization', ok.body.data.token).expect(200);
    // The same code a second time (a replay, or a shoulder-surfer): refused.
    expect((await second(challenge, code).expect(401)).body.message).toMatch(/already used/);
    // The code of the next 30 seconds works.
    t.clock.advance(30_000);
    await second(challenge, codeAt(a.secret, t.clock.now())).expect(200);
  });

  it('should take each recovery code once, typed any way', async () => {
    const a = await enrolled();
    const { challenge } = (await login(a).expect(200)).body.data as { challenge: string };
    await second(challenge, a.codes[0].toUpperCase().replace('-', ' ')).expect(401);
    await second(challenge, a.codes[0].toUpperCase()).expect(200);
    await second(challenge, a.codes[0]).expect(401);
    await second(challenge, a.codes[1].replace('-', '')).expect(200);
    expect((await t.app.get(TwoFactorService).status(a.id)).recoveryCodesLeft).toBe(8);
  });

  it('should refuse a tampered, foreign or expired challenge as a log-in to start again', async () => {
    const a = await enrolled();
    const b = await enrolled();
    const { challenge } = (await login(a).expect(200)).body.data as { challenge: string };
    // The challenge's account changed to b's, its seal kept.
    const [body, sig] = challenge.split('.');
    const value = JSON.parse(Buffer.from(body, 'base64url').toString()) as { a: number };
    const forB = `${Buffer.from(JSON.stringify({ ...value, a: b.id })).toString('base64url')}.${sig}`;
    const code = codeAt(b.secret, t.clock.now());
    expect((await second(forB, code).expect(401)).body.error).toBe('unauthorized');
    for (const bad of ['', 'x', `${challenge}x`, 'a.b.c']) {
      const res = await second(bad, '123456');
      expect([400, 401]).toContain(res.status);
    }
    t.clock.advance(5 * 60_000 + 1);
    const late = await second(challenge, codeAt(a.secret, t.clock.now())).expect(401);
    expect(late.body.message).toMatch(/log in again/);
  });

  it('should throttle code guesses per account, as passwords are', async () => {
    const a = await enrolled();
    const { challenge } = (await login(a).expect(200)).body.data as { challenge: string };
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push((await second(challenge, '111111')).status);
    // Six a minute per account, enrolment's code and the password's step counted in.
    expect(statuses).toEqual([401, 401, 401, 401, 429, 429, 429, 429]);
  });

  it("should refuse YOURLS's password mode to an account with codes, and log what happened", async () => {
    const a = await enrolled();
    const res = await t
      .api()
      .get(
        `/yourls-api.php?action=db-stats&format=json&username=${a.email}&password=${a.password}`,
      );
    expect(res.status).toBe(401);
    await t.api().post('/api/v1/auth/login').send({ email: a.email, password: 'wrong one!' });
    const { challenge } = (await login(a).expect(200)).body.data as { challenge: string };
    await second(challenge, codeAt(a.secret, t.clock.now())).expect(200);
    const log = await t.app.get(SecurityLog).list(a.id);
    expect(log.map((e) => [e.type, e.method, e.success])).toEqual([
      ['login', 'password+totp', true],
      ['login.failed', 'password', false],
      ['two_factor.enabled', 'totp', true],
    ]);
  });

  it('should refuse an API log-in without codes when the server requires them', async () => {
    const a = await createAccount(t);
    await t.app.get(TwoFactorPolicy).set('all');
    const res = await login(a).expect(403);
    expect(res.body.message).toMatch(/requires two-factor codes/);
    await t.app.get(TwoFactorPolicy).set('admins');
    await login(a).expect(200);
  });
});
