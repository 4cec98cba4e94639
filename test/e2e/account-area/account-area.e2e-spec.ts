import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Browser, BrowserContext, chromium, Page } from 'playwright-core';
import { VisitRecorder } from '../../../src/analytics/capture/visit-recorder';
import { AccountsService } from '../../../src/auth/accounts.service';
import { LinksService } from '../../../src/links/links.service';
import { TokensService } from '../../../src/auth/tokens.service';
import { photo } from '../../factories/photo.factory';
import { createTestApp, TestApp } from '../../utils/create-test-app';
import { reservePort } from '../../utils/free-port';
import { dbKind } from '../../utils/test-database';
import { ARTIFACTS, checkPage, contextAt, SCHEMES, WIDTHS } from '../../utils/page-checks';

// The account area in a real browser (Debian's chromium), found by role and name as a person
// with a screen reader finds it. SQLite only (pages do not depend on the driver); skipped
// without a chromium (.ci/run installs one).
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const run = dbKind() === 'sqlite' && existsSync(CHROMIUM);
(run ? describe : describe.skip)('The account area in a browser', () => {
  let t: TestApp;
  let browser: Browser;
  let base: string;
  let context: BrowserContext;
  let page: Page;
  const cspViolations: string[] = [];

  beforeAll(async () => {
    // The account area answers on PUBLIC_URL's host only: the browser goes there.
    const { port, release } = await reservePort();
    base = `http://127.0.0.1:${port}`;
    t = await createTestApp({ PUBLIC_URL: base, TRUST_PROXY: '1' });
    await release();
    await t.app.listen(port, '127.0.0.1');
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'].concat([
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ]),
    });
    context = await browser.newContext();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base });
    page = await context.newPage();
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) cspViolations.push(m.text());
    });
    page.on('dialog', (d) => void d.accept());
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  const api = (token: string) =>
    t.api().get('/api/v1/account').set('Authorization', `Bearer ${token}`);
  const heading = (name: string) => page.getByRole('heading', { level: 1, name });

  it('should take a person from sign-up to a token, a link, its visit and log-out', async () => {
    await page.goto(`${base}/`);
    await page.getByRole('link', { name: 'Sign up' }).first().click();
    await page.getByLabel('Email').fill('ada@example.com');
    await page.getByLabel('Password').fill('a long enough password');
    await page.getByRole('button', { name: 'Create account' }).click();
    await heading('Overview').waitFor();
    expect(new URL(page.url()).pathname).toBe('/account');

    // A token, shown once, works on the API.
    await page.getByRole('link', { name: 'API tokens' }).click();
    await page.getByLabel('Token name').fill('laptop');
    await page.getByRole('button', { name: 'Create token' }).click();
    const token = (await page.locator('#new-token').textContent())!.trim();
    expect(token).toMatch(/^ld_/);
    await page.getByRole('button', { name: 'Copy token' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);
    await api(token).expect(200);
    expect(await page.getByRole('cell', { name: 'laptop', exact: true }).count()).toBe(1);

    // A token that may only upload files, for 30 days.
    await page.getByLabel('Token name').fill('picgo');
    await page.getByRole('checkbox', { name: /files:write/ }).check();
    await page.getByLabel('Expires').selectOption({ label: 'In 30 days' });
    await page.getByLabel('Note (optional)').fill('the office laptop');
    await page.getByRole('button', { name: 'Create token' }).click();
    const uploader = (await page.locator('#new-token').textContent())!.trim();
    const refused = await api(uploader).expect(403);
    expect(refused.body.message).toBe('This call needs the scope account:read');
    const row = page.getByRole('row').filter({ hasText: 'picgo' });
    expect(await row.getByRole('cell').nth(1).textContent()).toBe('files:write ');
    expect(await row.textContent()).toContain('the office laptop');

    // The home page's box shortens a link; the links page shows it with its QR code.
    await page.goto(`${base}/`);
    await page.getByLabel('Long URL').fill('https://example.org/some/long/path');
    await page.getByRole('button', { name: 'Shorten' }).click();
    await heading('Links').waitFor();
    const shortUrl = (await page.locator('#new-link').textContent())!.trim();
    expect(await page.getByRole('img', { name: `QR code of ${shortUrl}` }).count()).toBe(1);
    const slug = new URL(shortUrl).pathname.slice(1);
    const visit = await t.api().get(`/${slug}`).set('User-Agent', 'Mozilla/5.0 Firefox/120.0');
    expect(visit.status).toBe(302);
    expect(visit.headers.location).toBe('https://example.org/some/long/path');

    // The visit reaches the chart (the pipeline writes it within a second or two).
    for (let i = 0; i < 40; i++) {
      await page.goto(`${base}/account`);
      if ((await page.getByRole('heading', { name: 'Visits, last 30 days: 1' }).count()) > 0) break;
      await page.waitForTimeout(250);
    }
    await page.getByRole('heading', { name: 'Visits, last 30 days: 1' }).waitFor();
    await page.waitForFunction(
      () => (window as unknown as { Chart?: unknown }).Chart !== undefined,
    );
    const bars = await page.evaluate(() => {
      const chart = (
        window as unknown as {
          Chart: { getChart(c: Element): { data: { datasets: { data: number[] }[] } } };
        }
      ).Chart.getChart(document.querySelector('canvas')!);
      return chart.data.datasets[0].data.reduce((a, b) => a + b, 0);
    });
    expect(bars).toBe(1);

    // Two files dropped at once: two progress bars run to the end, two addresses to copy.
    await page.getByRole('link', { name: 'Files' }).click();
    await heading('Files').waitFor();
    const dropped = await page.evaluateHandle(() => {
      const dt = new DataTransfer();
      dt.items.add(new File(['hello from a browser\n'], 'hello.txt', { type: 'text/plain' }));
      dt.items.add(new File([new Uint8Array(700_000).fill(7)], 'big.bin'));
      return dt;
    });
    await page.dispatchEvent('[data-upload]', 'drop', { dataTransfer: dropped });
    for (const name of ['hello.txt', 'big.bin']) {
      const bar = page.getByRole('progressbar', { name: `Uploaded ${name}` });
      await bar.waitFor();
      expect(await bar.getAttribute('value')).toBe('100');
      await page
        .getByRole('button', { name: `Copy the link to ${name}` })
        .first()
        .waitFor();
    }
    // The list below shows them without a reload (fetched again once the last one ended).
    const listed = page.locator('#file-list');
    await listed.getByRole('link', { name: 'hello.txt', exact: true }).waitFor();
    await listed.getByRole('link', { name: 'big.bin', exact: true }).waitFor();
    expect(await listed.getByText('No files yet').count()).toBe(0);
    await page.reload();
    expect(await page.getByRole('link', { name: 'hello.txt', exact: true }).count()).toBe(1);
    expect(await page.getByRole('link', { name: 'big.bin', exact: true }).count()).toBe(1);
    // The page's script calls the API as this browser only with the session's CSRF token.
    const withoutToken = await page.evaluate(async () => (await fetch('/api/v1/files')).status);
    expect(withoutToken).toBe(403);

    // A custom domain: the records to publish are shown.
    await page.getByRole('link', { name: 'Domains' }).click();
    await page.getByLabel('Domain', { exact: true }).fill('links.example.org');
    await page.getByRole('button', { name: 'Add domain' }).click();
    await page.getByRole('status').getByText('Added links.example.org').waitFor();
    const records = page.getByRole('table', { name: 'DNS records for links.example.org' });
    expect(await records.getByRole('cell', { name: '_linkdrop.links.example.org' }).count()).toBe(
      1,
    );
    expect(await records.getByRole('cell', { name: 'TXT' }).count()).toBe(1);

    // Revoked, the token stops working at once.
    await page.goto(`${base}/account/tokens`);
    await page.getByRole('button', { name: 'Revoke laptop' }).click();
    await heading('API tokens').waitFor();
    expect(await page.getByRole('cell', { name: 'laptop', exact: true }).count()).toBe(0);
    await api(token).expect(401);

    // A state change without the session's CSRF token is refused.
    const forged = await page.evaluate(async () => {
      const res = await fetch('/account/tokens', {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: 'name=forged',
      });
      return res.status;
    });
    expect(forged).toBe(403);

    // Log out: the session is gone server-side, not only in this browser.
    const cookie = (await context.cookies()).find((c) => c.name === 'ld_session')!;
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL(`${base}/`);
    const replay = await t.api().get('/account').set('Cookie', `ld_session=${cookie.value}`);
    expect(replay.status).toBe(303);
    expect(replay.headers.location).toBe('/login?next=%2Faccount');
    await page.goto(`${base}/account/links`);
    await heading('Log in').waitFor();
    expect(cspViolations).toEqual([]);
  });

  it('should log in again, refuse a wrong password, and send the person where they were going', async () => {
    await page.goto(`${base}/account/tokens`);
    await heading('Log in').waitFor();
    await page.getByLabel('Email').fill('ada@example.com');
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.getByRole('alert').getByText('Wrong email or password').waitFor();
    await page.getByLabel('Password').fill('a long enough password');
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await heading('API tokens').waitFor();
    // A log-in form posted from elsewhere (no form token) is refused.
    const res = await t
      .api()
      .post('/login')
      .type('form')
      .send({ email: 'ada@example.com', password: 'a long enough password' });
    expect(res.status).toBe(403);
  });

  it('should suggest the account’s tags for the name being typed, and tag a text with them', async () => {
    await page.goto(`${base}/account/tags`);
    await page.getByLabel('New tag').fill('reading');
    await page.getByRole('button', { name: 'Add tag' }).click();
    await page.getByRole('status').getByText('Added reading').waitFor();
    await page.goto(`${base}/account/texts`);
    const tags = page.getByLabel('Tags (optional)');
    await tags.fill('urgent, re');
    // The suggestions complete the last name, after the ones given.
    const suggested = await page.$$eval('#text-tags-names option', (os) =>
      os.map((o) => (o as HTMLOptionElement).value),
    );
    expect(suggested).toEqual(['urgent, reading']);
    await tags.fill('urgent, reading');
    await page.getByLabel('Text', { exact: true }).fill('a tagged note');
    await page.getByRole('button', { name: 'Share text' }).click();
    await heading('Texts').waitFor();
    await page.goto(`${base}/account/tags`);
    await page.getByRole('textbox', { name: 'Name of tag urgent' }).waitFor();
  });

  it('should upload with the options chosen: a slug, a password, private', async () => {
    await page.goto(`${base}/account/files`);
    await page.getByText('Upload options').click();
    await page.getByLabel('Custom slug (optional; one file at a time)').fill('opt-file');
    await page.getByLabel('Password (optional)').fill('sesame');
    await page.getByLabel('Private: its bytes only through addresses that expire').check();
    const dropped = await page.evaluateHandle(() => {
      const dt = new DataTransfer();
      dt.items.add(new File(['with options\n'], 'options.txt', { type: 'text/plain' }));
      return dt;
    });
    await page.dispatchEvent('[data-upload]', 'drop', { dataTransfer: dropped });
    await page.getByRole('progressbar', { name: 'Uploaded options.txt' }).waitFor();
    await page.getByRole('link', { name: `${base}/opt-file` }).waitFor();
    const row = page.locator('#file-list tr', { hasText: 'options.txt' });
    await row.getByText('Private').waitFor();
    await row.getByText('Password').waitFor();
    // Enter in an option sends nothing anywhere (no password in a page address).
    await page.getByLabel('Password (optional)').press('Enter');
    expect(page.url()).toBe(`${base}/account/files`);
  });

  it('should share the files of one drop under one link when asked', async () => {
    await page.goto(`${base}/account/files`);
    await page.getByText('Upload options').click();
    await page.getByLabel(/One link for all the files of a drop/).check();
    const dropped = await page.evaluateHandle(() => {
      const dt = new DataTransfer();
      dt.items.add(new File(['first\n'], 'a.txt', { type: 'text/plain' }));
      dt.items.add(new File(['second\n'], 'b.txt', { type: 'text/plain' }));
      return dt;
    });
    await page.dispatchEvent('[data-upload]', 'drop', { dataTransfer: dropped });
    const link = page.locator('.uploads a[id^="bundle-"]');
    await link.waitFor();
    await page.goto((await link.getAttribute('href'))!.replace('http://localhost:3000', base));
    await page.getByRole('link', { name: 'Download all as a zip' }).waitFor();
    expect(await page.locator('.gallery li').count()).toBe(2);
    await page.screenshot({
      path: join(ARTIFACTS, 'public-bundle-light-1280.png'),
      fullPage: true,
    });
  });

  it('should show the files as a gallery, remembered, with a lightbox that steps through them', async () => {
    const ada = await t.app.get(AccountsService).getByEmail('ada@example.com');
    const token = (await t.app.get(TokensService).issue(ada.id, 'gallery')).token;
    for (const [name, isPrivate] of [
      ['first.png', '0'],
      ['second.png', '1'],
    ]) {
      await t
        .api()
        .post('/api/v1/file/upload')
        .set('Authorization', token)
        .field('is_private', isPrivate)
        .attach('file', await photo('png', { width: 800, height: 600 }), name)
        .expect(200);
    }
    await page.goto(`${base}/account/files?kind=image`);
    await page.getByRole('link', { name: 'Gallery' }).click();
    const tile = (name: string) => page.getByRole('img', { name });
    // Private files too: the owner's thumbnails come through the account area.
    for (const name of ['first.png', 'second.png']) {
      await tile(name).evaluate((img: HTMLImageElement) => img.decode());
    }
    await page.goto(`${base}/account/files?kind=image`);
    expect(await page.locator('.gallery').count()).toBe(1); // the choice is remembered
    expect(await page.getByLabel('Kind').inputValue()).toBe('image');
    await tile('second.png').click();
    const box = page.getByRole('dialog', { name: 'second.png' });
    await box.waitFor();
    expect(await box.locator('img').getAttribute('src')).toMatch(/\/thumb\/1280$/);
    await page.keyboard.press('ArrowRight');
    await page.getByRole('dialog', { name: 'first.png' }).waitFor();
    await box.page().getByRole('button', { name: 'Previous file' }).click();
    await page.getByRole('dialog', { name: 'second.png' }).waitFor();
    await page.keyboard.press('Escape');
    expect(await page.getByRole('dialog').count()).toBe(0);
    await page.screenshot({ path: join(ARTIFACTS, 'account-files-gallery-light-1280.png') });
    await page.getByRole('link', { name: 'List' }).click();
    expect(await page.locator('.gallery').count()).toBe(0);
  });

  it('should make a bio page and reorder its links with the arrows', async () => {
    await page.goto(`${base}/account/bio`);
    await page.getByLabel('Title').first().fill('My links');
    const row = (n: number) => page.getByRole('group', { name: `Link ${n}` });
    await row(1).getByLabel('Title').fill('First');
    await row(1).getByLabel('Address').fill('https://one.example.com/');
    await row(2).getByLabel('Title').fill('Second');
    await row(2).getByLabel('Address').fill('https://two.example.com/');
    await page.getByRole('button', { name: 'Make the page' }).click();
    await page.getByRole('status').getByText('Your bio page is made').waitFor();
    await page.getByRole('button', { name: 'Move link 2 up' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('status').getByText('Bio page saved').waitFor();
    const preview = page.locator('.preview-frame .t');
    expect(await preview.allTextContents()).toEqual(['Second', 'First']);
    // The confirmation is a toast over the page's foot, which its close button takes away.
    const toast = page.getByRole('status').filter({ hasText: 'Bio page saved' });
    expect(await toast.evaluate((el) => getComputedStyle(el).position)).toBe('fixed');
    await page.screenshot({ path: join(ARTIFACTS, 'toast-light-1280.png') });
    await toast.getByRole('button', { name: 'Close' }).click();
    expect(await toast.count()).toBe(0);
  });

  it('should change the password and log out the other browsers', async () => {
    const other = await browser.newContext();
    const second = await other.newPage();
    await second.goto(`${base}/login`);
    await second.getByLabel('Email').fill('ada@example.com');
    await second.getByLabel('Password').fill('a long enough password');
    await second.getByRole('button', { name: 'Log in', exact: true }).click();
    await second.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();

    await page.goto(`${base}/account/security`);
    await page.getByLabel('Current password').fill('a long enough password');
    await page.getByLabel('New password').fill('another long password');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page
      .getByRole('status')
      .getByText(/1 other browser session/)
      .waitFor();
    await second.goto(`${base}/account`);
    await second.getByRole('heading', { level: 1, name: 'Log in' }).waitFor();
    await other.close();
  });

  it('should let an admin disable an account, whose browser is then logged out', async () => {
    await t.app.get(AccountsService).create('root@example.com', 'admin password!', 'pro', true);
    const ctx = await browser.newContext({ bypassCSP: true });
    const admin = await ctx.newPage();
    admin.on('dialog', (d) => void d.accept());
    await admin.goto(`${base}/login`);
    await admin.getByLabel('Email').fill('root@example.com');
    await admin.getByLabel('Password').fill('admin password!');
    await admin.getByRole('button', { name: 'Log in', exact: true }).click();
    await admin.getByRole('link', { name: 'Admin' }).click();
    await admin.getByRole('button', { name: 'Disable ada@example.com' }).click();
    await admin.getByRole('status').getByText('Account disabled').waitFor();
    await page.goto(`${base}/account`);
    await heading('Log in').waitFor();
    // Every admin page at every width, light and dark, logged in in each context.
    const problems: string[] = [];
    for (const scheme of SCHEMES) {
      for (const width of WIDTHS) {
        const sized = await contextAt(browser, width, scheme);
        await sized.addCookies(await ctx.cookies());
        const p = await sized.newPage();
        for (const path of ['/admin', '/admin/reports', '/admin/takedowns', '/report']) {
          const name = path.slice(1).replace(/\//g, '-');
          problems.push(...(await checkPage(p, `${base}${path}`, name, width, scheme)));
        }
        await sized.close();
      }
    }
    expect(problems).toEqual([]);
    await admin.goto(`${base}/admin`);
    await admin.getByRole('button', { name: 'Enable ada@example.com' }).click();
    await admin.getByRole('status').getByText('Account enabled').waitFor();
    await ctx.close();
  });

  it('should pass axe on every page, light and dark, at every width', async () => {
    // Visits from two countries, one by QR code, so the analytics pages draw their map.
    const ada = await t.app.get(AccountsService).getByEmail('ada@example.com');
    const [link] = await t.app.get(LinksService).slice(ada.id, { kind: 'redirect' }, 0, 1);
    for (const [ip, qr] of [
      ['8.8.8.8', '?qr=1'],
      ['1.1.1.1', ''],
    ]) {
      await t
        .api()
        .get(`/${link.slug}${qr}`)
        .set('Host', new URL(base).host)
        .set('X-Forwarded-For', ip);
    }
    await t.app.get(VisitRecorder).flush();
    const pages = [
      '/',
      '/login',
      '/signup',
      '/account',
      '/account/links',
      `/account/links/${link.id}/edit`,
      '/account/texts',
      '/account/files',
      '/account/files?view=grid',
      '/account/bio',
      '/account/tags',
      '/account/analytics',
      `/account/analytics/${link.id}`,
      '/account/domains',
      '/account/integrations',
      '/account/tokens',
      '/account/security',
    ];
    const problems: string[] = [];
    for (const scheme of SCHEMES) {
      for (const width of WIDTHS) {
        const ctx = await contextAt(browser, width, scheme);
        const p = await ctx.newPage();
        const logIn = async () => {
          await p.goto(`${base}/login`);
          await p.getByLabel('Email').fill('ada@example.com');
          await p.getByLabel('Password').fill('another long password');
          await p.getByRole('button', { name: 'Log in', exact: true }).click();
          await p.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
        };
        await logIn();
        for (const path of pages) {
          // The front door as a visitor sees it: log-in and sign-up without a session.
          if (path === '/login' || path === '/signup') await ctx.clearCookies();
          const name = path === '/' ? 'home' : path.slice(1).replace(/[/?=]/g, '-');
          problems.push(...(await checkPage(p, `${base}${path}`, name, width, scheme)));
          if (path === '/signup') await logIn();
        }
        await ctx.close();
      }
    }
    expect(problems).toEqual([]);
  }, 300_000);
});
