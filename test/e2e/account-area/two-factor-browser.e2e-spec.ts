import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { codeAt } from '../../../src/auth/two-factor/totp';
import { TwoFactorPolicy } from '../../../src/auth/two-factor/two-factor-policy';
import { createAccount, TestAccount } from '../../factories/account.factory';
import { hasChromium, launchChromium } from '../../utils/chromium';
import { createTestApp, TestApp } from '../../utils/create-test-app';
import { reservePort } from '../../utils/free-port';
import { ARTIFACTS } from '../../utils/page-checks';
import { dbKind } from '../../utils/test-database';

// Two-factor codes as a person sets them up and logs in with them, in chromium; the codes are
// computed by the test from the key the page shows, as an authenticator app would.
(dbKind() === 'sqlite' && hasChromium() ? describe : describe.skip)(
  'Two-factor codes in a browser',
  () => {
    let t: TestApp;
    let browser: Browser;
    let base: string;
    let page: Page;
    let a: TestAccount;
    let key = '';
    let recovery: string[] = [];

    beforeAll(async () => {
      const { port, release } = await reservePort();
      base = `http://127.0.0.1:${port}`;
      t = await createTestApp({ PUBLIC_URL: base });
      await release();
      await t.app.listen(port, '127.0.0.1');
      browser = await launchChromium();
      page = await (await browser.newContext()).newPage();
      page.on('dialog', (d) => void d.accept());
      a = await createAccount(t);
    }, 60_000);
    afterAll(async () => {
      await browser?.close();
      await t?.close();
    });

    const heading = (name: string) => page.getByRole('heading', { level: 1, name });
    const logInWithPassword = async () => {
      await page.goto(`${base}/login`);
      await page.getByLabel('Email').fill(a.email);
      await page.getByLabel('Password').fill(a.password);
      await page.getByRole('button', { name: 'Log in', exact: true }).click();
    };
    const logOut = async () => {
      await page.getByRole('button', { name: 'Log out' }).first().click();
      await page.waitForURL(`${base}/`);
    };
    const nextCode = () => {
      t.clock.advance(30_000); // each code works once: the next one is a new step's
      return codeAt(key, t.clock.now());
    };

    it('should set up codes by the key shown, and show ten recovery codes once', async () => {
      await logInWithPassword();
      await heading('Overview').waitFor();
      await page.goto(`${base}/account/security`);
      await page.getByRole('button', { name: 'Set up two-factor codes' }).click();
      expect(await page.getByRole('img', { name: /QR code to scan/ }).count()).toBe(1);
      key = (await page.locator('#totp-key').textContent())!.replace(/\s/g, '');
      expect(key).toMatch(/^[A-Z2-7]{32}$/);
      await page.getByLabel('The 6-digit code the app shows').fill('123456');
      await page.getByRole('button', { name: 'Turn on' }).click();
      expect(await page.getByRole('alert').textContent()).toMatch(/Wrong code/);
      await page.getByLabel('The 6-digit code the app shows').fill(nextCode());
      await page.getByRole('button', { name: 'Turn on' }).click();
      await page.getByRole('heading', { name: 'Your recovery codes' }).waitFor();
      recovery = (await page.locator('#recovery-codes').textContent())!.trim().split('\n');
      expect(recovery).toHaveLength(10);
      await page.screenshot({ path: join(ARTIFACTS, 'two-factor-recovery-codes.png') });
      await page.reload();
      expect(await page.locator('#recovery-codes').count()).toBe(0);
      expect(await page.getByText('10 recovery codes left').count()).toBe(1);
    });

    it('should ask for a code after the password, and take a recovery code once', async () => {
      await logOut();
      await logInWithPassword();
      await heading('Two-factor code').waitFor();
      await page.screenshot({ path: join(ARTIFACTS, 'two-factor-login.png') });
      await page.getByLabel('Code from your authenticator app').fill('000000');
      await page.getByRole('button', { name: 'Log in', exact: true }).click();
      expect(await page.getByRole('alert').textContent()).toMatch(/Wrong code/);
      await page.getByLabel('Code from your authenticator app').fill(nextCode());
      await page.getByRole('button', { name: 'Log in', exact: true }).click();
      await heading('Overview').waitFor();

      await logOut();
      await logInWithPassword();
      await page.getByLabel('Code from your authenticator app').fill(recovery[0]);
      await page.getByRole('button', { name: 'Log in', exact: true }).click();
      await heading('Overview').waitFor();
      await logOut();
      await logInWithPassword();
      await page.getByLabel('Code from your authenticator app').fill(recovery[0]);
      await page.getByRole('button', { name: 'Log in', exact: true }).click();
      expect(await page.getByRole('alert').textContent()).toMatch(/already used/);
    });

    it('should list the browsers and the security log, and turn codes off with the password', async () => {
      await page.getByLabel('Code from your authenticator app').fill(nextCode());
      await page.getByRole('button', { name: 'Log in', exact: true }).click();
      await page.goto(`${base}/account/security`);
      const browsers = page.getByRole('table', { name: 'Browsers logged in' });
      expect(await browsers.getByText('This browser').count()).toBe(1);
      expect(await browsers.getByRole('cell', { name: /Chrome.* · Linux/ }).count()).toBe(1);
      const log = page.getByRole('region', { name: 'Security log' });
      expect(await log.getByText('password + recovery code').count()).toBe(1);
      expect(await log.getByText('Two-factor codes turned on').count()).toBe(1);
      await page.getByLabel('Your password, to change them').fill(a.password);
      await page.getByRole('button', { name: 'Turn two-factor codes off' }).click();
      await page.getByText('Two-factor codes are off.').waitFor();
      await logOut();
      await logInWithPassword();
      await heading('Overview').waitFor();
    });

    it('should send an account without codes to set them up when the server requires them', async () => {
      await t.app.get(TwoFactorPolicy).set('all');
      await page.goto(`${base}/account/links`);
      expect(new URL(page.url()).pathname).toBe('/account/security');
      expect(await page.getByRole('alert').textContent()).toMatch(/requires two-factor codes/);
      await t.app.get(TwoFactorPolicy).set('none');
      await page.goto(`${base}/account/links`);
      expect(new URL(page.url()).pathname).toBe('/account/links');
    });
  },
);
