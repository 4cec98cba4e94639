import type { Browser, Page } from 'playwright-core';
import { createAccount, TestAccount } from '../../factories/account.factory';
import { hasFfmpeg, pdf, wav, webm } from '../../factories/media.factory';
import { photo } from '../../factories/photo.factory';
import { hasChromium, launchChromium } from '../../utils/chromium';
import { createTestApp, TestApp } from '../../utils/create-test-app';
import { checkPage, contextAt } from '../../utils/page-checks';
import { reservePort } from '../../utils/free-port';
import { dbKind } from '../../utils/test-database';

const run = dbKind() === 'sqlite' && hasChromium();

/** What a file's page shows of each kind of file, in a real browser. */
(run ? describe : describe.skip)('File pages preview what they hold', () => {
  let t: TestApp;
  let a: TestAccount;
  let browser: Browser;
  let base: string;
  let page: Page;

  /** The page of a file uploaded as `name`, on the address the browser reaches. */
  const pageOf = async (bytes: Buffer, name: string) => {
    const res = await t.api().post('/api/v1/file/upload').set(a.auth).attach('file', bytes, name);
    expect(res.status).toBe(200);
    return `${base}${new URL(res.body.data.page as string).pathname}`;
  };

  beforeAll(async () => {
    // File addresses are absolute (PUBLIC_URL): the browser goes there.
    const { port, release } = await reservePort();
    base = `http://127.0.0.1:${port}`;
    t = await createTestApp({ PUBLIC_URL: base });
    a = await createAccount(t);
    await release();
    await t.app.listen(port, '127.0.0.1');
    browser = await launchChromium();
    page = await (await browser.newContext()).newPage();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('should show an image at screen size from its thumbnail, the full size a click away', async () => {
    const url = await pageOf(await photo('jpeg', { width: 3000, height: 2000 }), 'beach.jpg');
    await page.goto(url);
    const img = page.getByRole('img', { name: 'beach.jpg' });
    await img.evaluate((el: HTMLImageElement) => el.decode());
    expect(await img.getAttribute('src')).toMatch(/\.1280\.webp$/);
    expect(await img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBe(1280);
    const full = page.getByRole('link', { name: 'Full size' });
    expect(await full.getAttribute('href')).toMatch(/\/raw$/);
  });

  it('should show code highlighted, Markdown rendered and sanitised, and a long text cut', async () => {
    await page.goto(await pageOf(Buffer.from('const answer: number = 42;\n'), 'answer.ts'));
    expect(await page.locator('code.hljs .hljs-keyword').first().textContent()).toBe('const');
    await page.goto(
      await pageOf(Buffer.from('# Notes\n\n*kept*\n\n<script>alert(1)</script>\n'), 'notes.md'),
    );
    await page.getByRole('heading', { level: 1, name: 'Notes' }).last().waitFor();
    expect(await page.locator('article.markdown em').textContent()).toBe('kept');
    expect(await page.locator('article.markdown script').count()).toBe(0);
    await page.goto(await pageOf(Buffer.from('line of text\n'.repeat(20_000)), 'long.txt'));
    await page.getByText('Only the first 128.0 KiB are shown here.').waitFor();
    expect(await page.getByRole('link', { name: 'See it all' }).getAttribute('href')).toMatch(
      /\/raw$/,
    );
  });

  it("should frame a PDF in the browser's viewer, sandboxed, and its bytes inline only there", async () => {
    await page.goto(await pageOf(pdf('Hello PDF'), 'paper.pdf'));
    const frame = page.locator('iframe.pdf');
    // The framed document is sandboxed by its own CSP (chromium's viewer refuses a sandbox
    // attribute); the page's own policy lets it frame our bytes only.
    expect(await frame.getAttribute('sandbox')).toBeNull();
    const own = await page.request.get(page.url());
    expect(own.headers()['content-security-policy']).toContain("frame-src 'self'");
    const src = new URL((await frame.getAttribute('src'))!, base).href;
    const inline = await page.request.get(src);
    expect(inline.headers()['content-type']).toBe('application/pdf');
    expect(inline.headers()['content-disposition']).toMatch(/^inline/);
    expect(inline.headers()['content-security-policy']).toMatch(/^sandbox/);
    const plain = await page.request.get(src.replace('?inline=1', ''));
    expect(plain.headers()['content-disposition']).toMatch(/^attachment/);
  });

  it('should play audio and seek in it through ranges', async () => {
    await page.goto(await pageOf(wav(4), 'tone.wav'));
    const seeked = await page.locator('audio').evaluate(
      (el: HTMLAudioElement) =>
        new Promise<number>((resolve, reject) => {
          el.addEventListener('error', () => reject(new Error('audio failed')));
          el.addEventListener('seeked', () => resolve(el.currentTime), { once: true });
          const go = () => (el.currentTime = 3);
          if (el.readyState >= 1) go();
          else el.addEventListener('loadedmetadata', go, { once: true });
        }),
    );
    expect(seeked).toBeCloseTo(3, 0);
  });

  (hasFfmpeg() ? it : it.skip)('should play video and seek in it through ranges', async () => {
    await page.goto(await pageOf(webm(6), 'clip.webm'));
    const seeked = await page.locator('video').evaluate(
      (el: HTMLVideoElement) =>
        new Promise<number>((resolve, reject) => {
          el.addEventListener('error', () => reject(new Error('video failed')));
          el.addEventListener('seeked', () => resolve(el.currentTime), { once: true });
          const go = () => (el.currentTime = 4.5);
          if (el.readyState >= 1) go();
          else el.addEventListener('loadedmetadata', go, { once: true });
        }),
    );
    expect(seeked).toBeGreaterThan(4);
  });

  it('should give any other file a clear card, and fit every screen', async () => {
    const urls = {
      card: await pageOf(
        Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(300)]),
        'stuff.zip',
      ),
      image: await pageOf(await photo('png', { width: 2000, height: 300 }), 'wide.png'),
      code: await pageOf(Buffer.from(`const x = "${'y'.repeat(400)}";\n`), 'wide.js'),
      pdf: await pageOf(pdf('Hi'), 'a.pdf'),
    };
    await page.goto(urls.card);
    expect(await page.locator('.file-card').textContent()).toMatch(/ZIP/);
    await page.getByRole('link', { name: 'Download' }).waitFor();
    const problems: string[] = [];
    for (const width of [320, 1280]) {
      const ctx = await contextAt(browser, width, 'light');
      const p = await ctx.newPage();
      for (const [name, url] of Object.entries(urls)) {
        problems.push(...(await checkPage(p, url, `file-preview-${name}`, width, 'light')));
      }
      await ctx.close();
    }
    expect(problems).toEqual([]);
  });
});
