import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { SecurityLog } from '../../../src/auth/security-log/security-log.service';
import { codeAt } from '../../../src/auth/two-factor/totp';
import { TwoFactorService } from '../../../src/auth/two-factor/two-factor.service';
import { createAccount, TestAccount } from '../../factories/account.factory';
import { hasChromium, launchChromium } from '../../utils/chromium';
import { createTestApp, TestApp } from '../../utils/create-test-app';
import { reservePort } from '../../utils/free-port';
import { ARTIFACTS } from '../../utils/page-checks';
import { dbKind } from '../../utils/test-database';

// Passkeys through Chromium's virtual authenticator (DevTools: WebAuthn.addVirtualAuthenticator),
// on http://localhost (an IP address cannot be a relying party).
(dbKind() === 'sqlite' && hasChromium() ? describe : describe.skip)('Passkeys in a browser', () => {
  let t: TestApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let base: string;
  let a: TestAccount;

  beforeAll(async () => {
    const { port, release } = await reservePort();
    base = `http://localhost:${port}`;
    t = await createTestApp({ PUBLIC_URL: base });
    await release();
    await t.app.listen(port, '127.0.0.1');
    browser = await launchChromium();
    context = await browser.newContext();
    page = await context.newPage();
    page.on('dialog', (d) => void d.accept());
    // One authenticator for the whole test, as a phone or a laptop's secure chip would be.
    const cdp = await context.newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });
    a = await createAccount(t);
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  const heading = () => page.getByRole('heading', { level: 1 }).textContent();
  const logOut = async () => {
    await page.getByRole('button', { name: 'Log out' }).first().click();
    await page.waitForURL(`${base}/`);
  };

  it('should add a named passkey on the security page', async () => {
    await page.goto(`${base}/login`);
    await page.getByLabel('Email').fill(a.email);
    await page.getByLabel('Password').fill(a.password);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
    await page.goto(`${base}/account/security`);
    await page.getByLabel('Name of a new passkey').fill('Test laptop');
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    await page.waitForURL(`${base}/account/security?passkey=added`);
    const row = page.getByRole('region', { name: 'Your passkeys' });
    expect(await row.getByLabel('Name of the passkey Test laptop').inputValue()).toBe(
      'Test laptop',
    );
    await page.screenshot({ path: join(ARTIFACTS, 'passkeys.png') });
  });

  it('should log in with the passkey alone, from the log-in page', async () => {
    await logOut();
    await page.goto(`${base}/login`);
    await page.getByRole('button', { name: 'Log in with a passkey' }).click();
    await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
    const log = await t.app.get(SecurityLog).list(a.id);
    expect(log[0]).toMatchObject({ type: 'login', method: 'passkey' });
  });

  it('should take the passkey as the second step after a password, and rename and remove it', async () => {
    // Two-factor codes on: the password is then followed by a code, or by the passkey.
    const factors = t.app.get(TwoFactorService);
    const secret = (await factors.begin(a.id, a.email)).secret.replace(/ /g, '');
    await factors.confirm(a.id, a.email, codeAt(secret, t.clock.now()));
    await logOut();
    await page.goto(`${base}/login`);
    await page.getByLabel('Email').fill(a.email);
    await page.getByLabel('Password').fill(a.password);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Two-factor code' }).waitFor();
    await page.getByRole('button', { name: 'Use a passkey instead' }).click();
    await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
    expect((await t.app.get(SecurityLog).list(a.id))[0]).toMatchObject({
      method: 'password+passkey',
    });

    await page.goto(`${base}/account/security`);
    await page.getByLabel('Name of the passkey Test laptop').fill('Work laptop');
    await page.getByRole('button', { name: 'Rename' }).click();
    await page.getByText('Passkey renamed').first().waitFor();
    await page.getByRole('button', { name: 'Remove Work laptop' }).click();
    await page.getByText('Passkey removed').first().waitFor();
    expect(await page.getByRole('region', { name: 'Your passkeys' }).count()).toBe(0);
    // Its credential is gone from the server: the authenticator's copy no longer logs in.
    await logOut();
    await page.goto(`${base}/login`);
    await page.getByRole('button', { name: 'Log in with a passkey' }).click();
    expect(await page.getByRole('alert').textContent()).toMatch(/passkey was not accepted/);
    expect(await heading()).toBe('Log in');
  });
});
