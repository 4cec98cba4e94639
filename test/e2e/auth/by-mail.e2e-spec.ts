import { SecurityLog } from '../../../src/auth/security-log/security-log.service';
import { createAccount, TestAccount } from '../../factories/account.factory';
import { createTestApp, TestApp } from '../../utils/create-test-app';
import { startSmtp, TestSmtp } from '../../utils/smtp-server';

/** The `token` of the first link in a mail's text that goes to `path`. */
const tokenIn = (text: string | undefined, path: string) => {
  const m = new RegExp(`https?://\\S+${path}\\?token=([\\w-]+)`).exec(text ?? '');
  if (!m) throw new Error(`no ${path} link in: ${text}`);
  return m[1];
};
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

// Password resets and address checks, mailed through a real SMTP server on loopback.
describe('Password reset and email checks (SMTP)', () => {
  let smtp: TestSmtp;
  beforeAll(async () => (smtp = await startSmtp()));
  afterAll(() => smtp.close());

  describe('password reset', () => {
    let t: TestApp;
    beforeAll(
      async () =>
        (t = await createTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Links <links@example.com>' })),
    );
    afterAll(() => t.close());
    afterEach(() => t.clock.reset());

    const ask = (email: string) => t.api().post('/api/v1/auth/password-reset').send({ email });
    const confirm = (token: string, password: string) =>
      t.api().post('/api/v1/auth/password-reset/confirm').send({ token, password });
    const login = (a: TestAccount, password = a.password) =>
      t.api().post('/api/v1/auth/login').send({ email: a.email, password });

    it('should mail a single-use link that sets a new password and ends every session', async () => {
      const a = await createAccount(t);
      const res = await ask(a.email.toUpperCase()).expect(202);
      expect(res.body.data).toEqual({
        message: 'If an account has this address, a mail is on its way',
      });
      const mail = await smtp.nextTo(a.email);
      expect(mail?.from?.value).toEqual([{ name: 'Links', address: 'links@example.com' }]);
      expect(mail?.subject).toBe('Reset your Linkdrop password');
      const token = tokenIn(mail?.text, '/reset-password');
      await t.api().get(`/reset-password?token=${token}`).expect(200);
      expect((await confirm(token, 'short').expect(400)).body.error).toBe('validation_failed');
      await confirm(token, 'a brand new password').expect(200);
      await login(a).expect(401);
      await login(a, 'a brand new password').expect(200);
      const again = await confirm(token, 'yet another password').expect(400);
      expect(again.body.message).toMatch(/not valid any more/);
      const log = await t.app.get(SecurityLog).list(a.id);
      expect(log.map((e) => e.type)).toEqual(
        expect.arrayContaining(['password.reset_requested', 'password.reset']),
      );
    });

    it('should answer an unknown address the same, in about the same time, and mail nothing', async () => {
      const a = await createAccount(t);
      const unknown = `nobody-${Date.now()}@example.com`;
      const known = await ask(a.email).expect(202);
      const stranger = await ask(unknown).expect(202);
      expect(stranger.body).toEqual(known.body);
      await smtp.nextTo(a.email);
      expect(await smtp.nextTo(unknown, 500)).toBeNull();
      const times = { known: [] as number[], unknown: [] as number[] };
      for (let i = 0; i < 15; i++) {
        for (const [who, email] of [
          ['known', a.email],
          ['unknown', unknown],
        ] as const) {
          const start = process.hrtime.bigint();
          await ask(email).expect(202);
          times[who].push(Number(process.hrtime.bigint() - start) / 1e6);
          // The mail goes after the answer: let it go before the next is timed, or a loaded
          // machine times the known address's mail into the unknown one's answer.
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      }
      expect(Math.abs(median(times.known) - median(times.unknown))).toBeLessThan(15);
    });

    it('should refuse a link older than an hour, and a made-up one', async () => {
      const a = await createAccount(t);
      await ask(a.email).expect(202);
      const token = tokenIn((await smtp.nextTo(a.email))?.text, '/reset-password');
      t.clock.advance(3_600_000 + 1000);
      await confirm(token, 'a brand new password').expect(400);
      await confirm('made-up', 'a brand new password').expect(400);
      await login(a).expect(200);
      for (const bad of [{}, { email: 'not an address' }, { email: 5 }]) {
        await t.api().post('/api/v1/auth/password-reset').send(bad).expect(400);
      }
    });
  });

  describe('throttles', () => {
    let t: TestApp;
    beforeAll(
      async () =>
        (t = await createTestApp({
          SMTP_URL: smtp.url,
          AUTH_RESETS_PER_HOUR_PER_ADDRESS: '2',
          AUTH_RESETS_PER_HOUR_PER_IP: '5',
        })),
    );
    afterAll(() => t.close());

    it('should throttle reset requests per address and per IP', async () => {
      const ask = (email: string) => t.api().post('/api/v1/auth/password-reset').send({ email });
      await ask('one@example.com').expect(202);
      await ask('one@example.com').expect(202);
      expect((await ask('one@example.com').expect(429)).body.error).toBe('rate_limited');
      await ask('two@example.com').expect(202);
      await ask('three@example.com').expect(202);
      await ask('four@example.com').expect(429); // the sixth from this IP
    });
  });

  describe('email checks (AUTH_VERIFY_EMAIL)', () => {
    let t: TestApp;
    beforeAll(
      async () => (t = await createTestApp({ SMTP_URL: smtp.url, AUTH_VERIFY_EMAIL: 'true' })),
    );
    afterAll(() => t.close());

    it('should keep a new account out until its mailed link confirms the address', async () => {
      const email = `new-${Date.now()}@example.com`;
      const password = 'a long password';
      const res = await t.api().post('/api/v1/auth/signup').send({ email, password }).expect(201);
      expect(res.body.data).toEqual({ verification_required: true, email });
      const login = () => t.api().post('/api/v1/auth/login').send({ email, password });
      expect((await login().expect(403)).body.message).toMatch(/Confirm your email address/);
      const first = tokenIn((await smtp.nextTo(email))?.text, '/verify-email');
      await t.api().post('/api/v1/auth/verify-email/resend').send({ email }).expect(202);
      const second = tokenIn((await smtp.nextTo(email))?.text, '/verify-email');
      // A new link retires the one before.
      await t.api().post('/api/v1/auth/verify-email').send({ token: first }).expect(400);
      const page = await t.api().get(`/verify-email?token=${second}`).expect(303);
      expect(page.headers.location).toBe('/account');
      expect(String(page.headers['set-cookie'])).toMatch(/ld_session=/);
      await login().expect(200);
    });
  });
});
