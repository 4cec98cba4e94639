import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { createAccount, TestAccount } from '../../factories/account.factory';
import { hasChromium, launchChromium } from '../../utils/chromium';
import { createTestApp, TestApp } from '../../utils/create-test-app';
import { reservePort } from '../../utils/free-port';
import { ARTIFACTS } from '../../utils/page-checks';
import { startSmtp, TestSmtp } from '../../utils/smtp-server';
import { dbKind } from '../../utils/test-database';

// "Forgot password" as a person goes through it: the mail is read from a real SMTP server on
// loopback and its link opened in chromium, once (a second time is refused).
(dbKind() === 'sqlite' && hasChromium() ? describe : describe.skip)(
  'Password reset in a browser',
  () => {
    let t: TestApp;
    let smtp: TestSmtp;
    let browser: Browser;
    let base: string;
    let page: Page;
    let a: TestAccount;

    beforeAll(async () => {
      smtp = await startSmtp();
      const { port, release } = await reservePort();
      base = `http://127.0.0.1:${port}`;
      t = await createTestApp({ PUBLIC_URL: base, SMTP_URL: smtp.url });
      await release();
      await t.app.listen(port, '127.0.0.1');
      browser = await launchChromium();
      page = await (await browser.newContext()).newPage();
      a = await createAccount(t);
    }, 60_000);
    afterAll(async () => {
      await browser?.close();
      await t?.close();
      await smtp?.close();
    });

    it('should mail a link from the log-in page that sets a new password once', async () => {
      await page.goto(`${base}/login`);
      await page.getByRole('link', { name: 'Forgot your password?' }).click();
      await page.getByLabel('Email').fill(a.email);
      await page.getByRole('button', { name: 'Send the link' }).click();
      await page
        .getByText(/a link to choose a new password is on its way/)
        .first()
        .waitFor();
      const mail = await smtp.nextTo(a.email);
      const link = /(http\S+\/reset-password\?token=[\w-]+)/.exec(mail?.text ?? '')![1];
      expect(link.startsWith(`${base}/reset-password`)).toBe(true);

      await page.goto(link);
      await page.getByLabel('New password').fill('my new password');
      await page.screenshot({ path: join(ARTIFACTS, 'password-reset.png') });
      await page.getByRole('button', { name: 'Set the new password' }).click();
      await page.getByText('Password changed: log in with it').first().waitFor();
      await page.getByLabel('Email').fill(a.email);
      await page.getByLabel('Password').fill('my new password');
      await page.getByRole('button', { name: 'Log in', exact: true }).click();
      await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();

      // The same link again: refused.
      await page.goto(link);
      await page.getByLabel('New password').fill('someone else’s password');
      await page.getByRole('button', { name: 'Set the new password' }).click();
      expect(await page.getByRole('alert').textContent()).toMatch(/not valid any more/);
    });
  },
);
