import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { createAccount, TestAccount } from '../../factories/account.factory';
import { png } from '../../factories/file.factory';
import { hasChromium, launchChromium } from '../../utils/chromium';
import { createTestApp, TestApp } from '../../utils/create-test-app';
import { checkPage, contextAt, SCHEMES, WIDTHS } from '../../utils/page-checks';
import { dbKind } from '../../utils/test-database';

const run = dbKind() === 'sqlite' && hasChromium();

/** Every public page, in every state a visitor can meet, on every screen. */
(run ? describe : describe.skip)('Public pages on every screen', () => {
  let t: TestApp;
  let a: TestAccount;
  let browser: Browser;
  let base: string;
  const pages: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp();
    a = await createAccount(t);
    await t.app.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(t.http.address() as AddressInfo).port}`;
    browser = await launchChromium();
    const api = () => t.api();
    const text = async (body: Record<string, unknown>): Promise<{ short_url: string }> =>
      (await api().post('/api/v1/text').set(a.auth).send(body).expect(200)).body.data as {
        short_url: string;
      };
    const long = 'https://example.com/' + 'a-very-long-path-segment/'.repeat(12);
    pages['text-code'] = (
      await text({
        title: `A title that goes on ${'and on '.repeat(8)}`,
        content: `const url = "${long}";\n`.repeat(30),
        text_type: 'source_code',
        language: 'javascript',
      })
    ).short_url;
    pages['text-markdown'] = (
      await text({
        content: `# Notes\n\n| a | b |\n|---|---|\n| ${long} | 2 |\n`,
        text_type: 'markdown',
      })
    ).short_url;
    pages['text-once'] = (
      await text({ content: 'once', text_type: 'plain_text', burn_after_read: true })
    ).short_url;
    const read = await text({ content: 'gone', text_type: 'plain_text', burn_after_read: true });
    await api()
      .post(`${new URL(read.short_url).pathname}/reveal`)
      .expect(200);
    pages['text-read'] = read.short_url;
    pages['text-locked'] = (
      await text({ content: 'secret', text_type: 'plain_text', password: 'sesame' })
    ).short_url;
    const file = await api()
      .post('/api/v1/file/upload')
      .set(a.auth)
      .attach('file', png(1600, 900), 'a-photo-with-a-rather-long-name-from-a-phone-camera.png')
      .expect(200);
    pages.file = (file.body.data as { page: string }).page;
    const bundle = await api()
      .post('/api/v1/bundles')
      .set(a.auth)
      .send({ title: 'Photos of the trip', file_ids: [file.body.data.file_id] })
      .expect(201);
    pages.bundle = (bundle.body.data as { short_url: string }).short_url;
    pages['not-found'] = `${base}/no-such-share`;
    for (const [name, url] of Object.entries(pages)) {
      pages[name] = `${base}${new URL(url).pathname}`;
    }
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('should fit every screen, light and dark, with no serious accessibility finding', async () => {
    const problems: string[] = [];
    for (const scheme of SCHEMES) {
      for (const width of WIDTHS) {
        const ctx = await contextAt(browser, width, scheme);
        const p = await ctx.newPage();
        for (const [name, url] of Object.entries(pages)) {
          problems.push(...(await checkPage(p, url, `public-${name}`, width, scheme)));
        }
        await ctx.close();
      }
    }
    expect(problems).toEqual([]);
  }, 180_000);

  it('should remember the theme a reader chooses in this browser', async () => {
    const ctx = await browser.newContext({ colorScheme: 'dark' });
    const p = await ctx.newPage();
    const background = () => p.evaluate(() => getComputedStyle(document.body).backgroundColor);
    await p.goto(pages['not-found']);
    expect(await background()).toBe('rgb(13, 17, 23)');
    const toggle = p.getByRole('button', { name: /^Theme: / });
    await expect(toggle.textContent()).resolves.toBe('Theme: system');
    await toggle.click();
    await expect(toggle.textContent()).resolves.toBe('Theme: light');
    expect(await background()).toBe('rgb(255, 255, 255)');
    // Kept in this browser: the next page, another kind of page, starts light.
    await p.goto(pages['text-once']);
    expect(await background()).toBe('rgb(255, 255, 255)');
    await p.getByRole('button', { name: 'Theme: light' }).click();
    expect(await p.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    await p.getByRole('button', { name: 'Theme: dark' }).click();
    await p.goto(pages['text-code']);
    expect(await p.evaluate(() => document.documentElement.dataset.theme)).toBeUndefined();
    expect(await background()).toBe('rgb(13, 17, 23)');
    await ctx.close();
  });

  it('should give every state its own words and a way home', async () => {
    const ctx = await contextAt(browser, 375, 'light');
    const p = await ctx.newPage();
    const expectations: [string, string][] = [
      ['text-once', 'A text to be read once'],
      ['text-read', 'This text was read and deleted'],
      ['text-locked', 'This text is protected by a password'],
      ['not-found', 'Nothing here'],
    ];
    for (const [name, heading] of expectations) {
      await p.goto(pages[name]);
      await expect(p.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(heading);
      await expect(
        p.getByRole('link', { name: 'Linkdrop' }).first().getAttribute('href'),
      ).resolves.toBe('/');
    }
    await ctx.close();
  });
});
