import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { createAccount, TestAccount } from '../../factories/account.factory';
import { png } from '../../factories/file.factory';
import { createTestApp, TestApp } from '../../utils/create-test-app';
import { hasChromium, launchChromium } from '../../utils/chromium';
import { dbKind } from '../../utils/test-database';

// The public pages in a real browser (Debian's chromium). Pages do not depend on the database
// driver, so this runs once, on SQLite; without a chromium it is skipped (.ci/run installs one).
const run = dbKind() === 'sqlite' && hasChromium();

(run ? describe : describe.skip)('Public pages in a browser', () => {
  let t: TestApp;
  let a: TestAccount;
  let browser: Browser;
  let base: string;

  beforeAll(async () => {
    t = await createTestApp();
    a = await createAccount(t);
    await t.app.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(t.http.address() as AddressInfo).port}`;
    browser = await launchChromium();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  const shareText = async (body: Record<string, unknown>) =>
    (await t.api().post('/api/v1/text').set(a.auth).send(body).expect(200)).body.data
      .slug as string;

  it('should run only the copy button script, which copies the code', async () => {
    const slug = await shareText({
      content: 'print("hello")\n',
      text_type: 'source_code',
      language: 'python',
    });
    const context = await browser.newContext();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base });
    const page = await context.newPage();
    const violations: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
    });
    await page.goto(`${base}/${slug}`);
    await page.getByRole('button', { name: 'Copy' }).click();
    await page.getByRole('button', { name: 'Copied' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('print("hello")\n');
    expect(await page.locator('.hljs-built_in, .hljs-string').count()).toBeGreaterThan(0);
    expect(violations).toEqual([]);
    await context.close();
  });

  it('should not run anything a Markdown share tries to inject', async () => {
    const slug = await shareText({
      title: '<img src=x onerror="window.__xss=1">',
      text_type: 'markdown',
      content: [
        '<img src=x onerror="window.__xss=2">',
        '<script>window.__xss=3</script>',
        '[click me](javascript:window.__xss=4)',
        '<a href="javascript:window.__xss=5">raw</a>',
        '![i](javascript:window.__xss=6)',
      ].join('\n\n'),
    });
    const page = await browser.newPage();
    let dialogs = 0;
    page.on('dialog', (d) => {
      dialogs++;
      void d.dismiss();
    });
    const response = await page.goto(`${base}/${slug}`);
    // The share itself, not an error page: every payload is on the page, inert.
    expect(response?.status()).toBe(200);
    expect(await page.locator('h1').textContent()).toBe('<img src=x onerror="window.__xss=1">');
    expect(await page.locator('article.markdown').textContent()).toContain(
      '<script>window.__xss=3</script>',
    );
    const link = page.getByText('click me');
    expect(await link.count()).toBe(1);
    await link.click().catch(() => undefined);
    await page.waitForTimeout(200);
    expect(
      await page.evaluate(() => (window as unknown as { __xss?: number }).__xss),
    ).toBeUndefined();
    expect(dialogs).toBe(0);
    await page.close();
  });

  it('should open a password-protected link after the right password only', async () => {
    const target = await shareText({ content: 'you made it', text_type: 'plain_text' });
    await t
      .api()
      .post('/api/v1/shorten')
      .set(a.auth)
      .send({ target_url: `${base}/${target}`, custom_slug: 'browser-locked', password: 'sesame' })
      .expect(200);
    const page = await browser.newPage();
    await page.goto(`${base}/browser-locked`);
    await page.getByLabel('Password').fill('wrong');
    await page.getByRole('button', { name: 'Open' }).click();
    await page.getByRole('alert').waitFor();
    expect(await page.getByRole('alert').textContent()).toContain('Wrong password');
    await page.getByLabel('Password').fill('sesame');
    await page.getByRole('button', { name: 'Open' }).click();
    await page.waitForURL(`${base}/${target}`);
    expect(await page.textContent('#content')).toBe('you made it');
    // The cookie now opens the link directly.
    await page.goto(`${base}/browser-locked`);
    expect(page.url()).toBe(`${base}/${target}`);
    await page.close();
  });

  it('should show an uploaded image on its share page', async () => {
    const res = await t
      .api()
      .post('/api/v1/file/upload')
      .set(a.auth)
      .attach('file', png(24, 12), 'pic.png')
      .expect(200);
    const page = await browser.newPage();
    await page.goto(`${base}${new URL(res.body.data.page).pathname}`);
    const size = await page
      .locator('main img')
      .evaluate((img: HTMLImageElement) =>
        img.decode().then(() => [img.naturalWidth, img.naturalHeight]),
      );
    expect(size).toEqual([24, 12]);
    await page.close();
  });

  it('should show a bio page whose links a keyboard reaches, with visible focus', async () => {
    await t
      .api()
      .post('/api/v1/bio')
      .set(a.auth)
      .send({
        title: 'Ada',
        custom_slug: 'browser-bio',
        custom_links: [
          { title: 'Blog', url: 'https://blog.example.com/', description: 'Notes' },
          { title: 'Code', url: 'https://git.example.com/' },
        ],
      })
      .expect(200);
    const page = await browser.newPage();
    const violations: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
    });
    await page.goto(`${base}/browser-bio`);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Ada');
    const nav = page.getByRole('navigation', { name: 'Links' });
    await expect(nav.getByRole('link').count()).resolves.toBe(2);
    await expect(nav.getByRole('link', { name: 'Blog Notes' }).getAttribute('href')).resolves.toBe(
      'https://blog.example.com/',
    );
    // The site header's brand first, then the page's own links.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement;
      const style = getComputedStyle(el);
      return { text: el.textContent, outline: style.outlineStyle, height: el.offsetHeight };
    });
    expect(focused.text).toBe('BlogNotes');
    expect(focused.outline).not.toBe('none');
    expect(focused.height).toBeGreaterThanOrEqual(44);
    expect(violations).toEqual([]);
    await page.close();
  });
});
