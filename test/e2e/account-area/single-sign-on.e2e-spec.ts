import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { AccountsService } from '../../../src/auth/accounts.service';
import { SecurityLog } from '../../../src/auth/security-log/security-log.service';
import { hasChromium, launchChromium } from '../../utils/chromium';
import { createTestApp, TestApp } from '../../utils/create-test-app';
import { reservePort } from '../../utils/free-port';
import { startOidcProvider, TestOidcProvider } from '../../utils/oidc-provider';
import { ARTIFACTS } from '../../utils/page-checks';
import { dbKind } from '../../utils/test-database';

// Single sign-on against a real OpenID provider (panva/oidc-provider) on loopback, driven in
// chromium through the provider's own log-in page.
(dbKind() === 'sqlite' && hasChromium() ? describe : describe.skip)(
  'Single sign-on with OpenID Connect',
  () => {
    let t: TestApp;
    let idp: TestOidcProvider;
    let browser: Browser;
    let base: string;
    let page: Page;

    beforeAll(async () => {
      const { port, release } = await reservePort();
      base = `http://127.0.0.1:${port}`;
      idp = await startOidcProvider(`${base}/auth/oidc/corp/callback`);
      t = await createTestApp({
        PUBLIC_URL: base,
        AUTH_OIDC_PROVIDERS: 'corp',
        AUTH_OIDC_CORP_ISSUER: idp.issuer,
        AUTH_OIDC_CORP_CLIENT_ID: 'linkdrop',
        AUTH_OIDC_CORP_CLIENT_SECRET: 'linkdrop-secret',
        AUTH_OIDC_CORP_SCOPES: 'openid email profile groups',
        AUTH_OIDC_CORP_LABEL: 'Corp SSO',
        AUTH_OIDC_CORP_ADMIN_CLAIM: 'groups',
        AUTH_OIDC_CORP_ADMIN_VALUE: 'linkdrop-admins',
      });
      await release();
      await t.app.listen(port, '127.0.0.1');
      browser = await launchChromium();
    }, 60_000);
    beforeEach(async () => {
      page = await (await browser.newContext()).newPage();
    });
    afterEach(() => page.context().close());
    afterAll(async () => {
      await browser?.close();
      await t?.close();
      await idp?.close();
    });

    /** From our log-in page through the provider's, as `login`; answers the callback's URL. */
    const signOn = async (login: string, atProvider?: () => Promise<void>): Promise<string> => {
      let callback = '';
      page.on('request', (r) => {
        if (r.url().includes('/auth/oidc/corp/callback')) callback = r.url();
      });
      await page.goto(`${base}/login`);
      await page.getByRole('link', { name: 'Log in with Corp SSO' }).click();
      await page.locator('input[name="login"]').fill(login);
      await page.locator('input[name="password"]').fill('anything');
      await atProvider?.();
      await page.locator('button[type="submit"]').click();
      await page.waitForURL((u) => u.href.startsWith(base));
      await page.waitForLoadState();
      return callback;
    };
    const heading = () => page.getByRole('heading', { level: 1 }).textContent();

    it('should make an account on the first sign-on, and find it again by the identity', async () => {
      await signOn('ada');
      expect(await heading()).toBe('Overview');
      await page.screenshot({ path: join(ARTIFACTS, 'sso-signed-on.png') });
      const account = await t.app.get(AccountsService).getByEmail('ada@idp.example');
      expect(account.isAdmin).toBe(false);
      const log = await t.app.get(SecurityLog).list(account.id);
      expect(log[0]).toMatchObject({ type: 'login', method: 'oidc:corp' });
      await page.context().clearCookies();
      await signOn('ada');
      expect(await heading()).toBe('Overview');
    });

    it('should link an existing account by a verified address, and grant admin by the claim', async () => {
      const accounts = t.app.get(AccountsService);
      const before = await accounts.create('admin-grace@idp.example', 'a long password', 'free');
      await signOn('admin-grace');
      expect(await heading()).toBe('Overview');
      const after = await accounts.getById(before.id);
      expect(after.isAdmin).toBe(true);
    });

    it('should refuse an address the provider has not verified', async () => {
      const accounts = t.app.get(AccountsService);
      await accounts.create('unverified@idp.example', 'a long password', 'free');
      await signOn('unverified');
      expect(await heading()).toBe('Log in');
      expect(await page.getByRole('alert').textContent()).toMatch(/not confirmed your email/);
    });

    it('should refuse a replayed code and a wrong state', async () => {
      let flowCookie = '';
      const keepFlow = async () => {
        flowCookie = (await page.context().cookies()).find((c) => c.name === 'ld_oidc')!.value;
      };
      const callback = await signOn('ada', keepFlow);
      expect(await heading()).toBe('Overview');
      // The same return again (its code spent, its flow cookie gone): refused.
      await page.goto(callback);
      expect(await heading()).toBe('Log in');
      expect(await page.getByRole('alert').textContent()).toMatch(/expired or was already used/);
      // Even with the flow's cookie put back, the provider refuses a code used once.
      await page
        .context()
        .addCookies([
          { name: 'ld_oidc', value: flowCookie, domain: '127.0.0.1', path: '/auth/oidc' },
        ]);
      await page.goto(callback);
      expect(await heading()).toBe('Log in');
      expect(await page.getByRole('alert').textContent()).toMatch(/did not sign you in/);

      // The return of one flow with the cookie of another (its state not the one sent): refused.
      const other = await fetch(`${base}/auth/oidc/corp`, { redirect: 'manual' });
      const sealed = /ld_oidc=([^;]+)/.exec(other.headers.get('set-cookie') ?? '')![1];
      const swapCookie = () =>
        page
          .context()
          .addCookies([
            { name: 'ld_oidc', value: sealed, domain: '127.0.0.1', path: '/auth/oidc' },
          ]);
      await page.context().clearCookies();
      await signOn('ada', swapCookie);
      expect(await heading()).toBe('Log in');
      expect(await page.getByRole('alert').textContent()).toMatch(/did not sign you in/);
    });
  },
);
