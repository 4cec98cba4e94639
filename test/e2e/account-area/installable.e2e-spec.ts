import type { Browser } from 'playwright-core';
import { hasChromium, launchChromium } from '../../utils/chromium';
import { createTestApp, TestApp } from '../../utils/create-test-app';
import { reservePort } from '../../utils/free-port';
import { dbKind } from '../../utils/test-database';
import { Visitor } from '../../utils/visitor';

/** The account area as an installed app: its manifest, its share target, its offline page. */
describe('The installable account area', () => {
  let t: TestApp;
  let v: Visitor;
  let base: string;
  beforeAll(async () => {
    const { port, release } = await reservePort();
    base = `http://127.0.0.1:${port}`;
    t = await createTestApp({ PUBLIC_URL: base });
    await release();
    await t.app.listen(port, '127.0.0.1');
    v = new Visitor(t);
    await v.signUp('phone@example.com');
  });
  afterAll(() => t.close());

  /** What a phone's share sheet posts: the browser itself, so no CSRF token of ours. */
  const share = (site: string | null = 'none') => {
    const req = t
      .api()
      .post('/account/share')
      .set('Accept', 'text/html')
      .set('Cookie', `ld_session=${v.cookies.get('ld_session')}`);
    return site ? req.set('Sec-Fetch-Site', site) : req;
  };

  it('should describe the app: name, icons, start page and a share target', async () => {
    const res = await t.api().get('/assets/manifest.webmanifest').expect(200);
    expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
    const manifest = JSON.parse(res.text) as {
      start_url: string;
      icons: { src: string; sizes: string; purpose?: string }[];
      share_target: { action: string; method: string; params: { files: { name: string }[] } };
    };
    expect(manifest.start_url).toBe('/account');
    expect(manifest.share_target).toMatchObject({ action: '/account/share', method: 'POST' });
    expect(manifest.share_target.params.files[0].name).toBe('file');
    for (const icon of manifest.icons) await t.api().get(icon.src).expect(200);
    expect(manifest.icons.some((i) => i.purpose === 'maskable')).toBe(true);
    const sw = await t.api().get('/assets/sw.js').expect(200);
    expect(sw.headers['service-worker-allowed']).toBe('/');
    expect(sw.headers['cache-control']).toBe('no-cache');
    // Its own policy: it fetches what it keeps from this origin.
    expect(sw.headers['content-security-policy']).toBe("default-src 'self'");
    const page = await v.get('/account');
    expect(page.text).toContain('<link rel="manifest" href="/assets/manifest.webmanifest">');
  });

  it('should upload a shared file, and show it ready to copy', async () => {
    const res = await share()
      .field('title', 'ignored for a file')
      .attach('file', Buffer.from('from the share sheet'), 'shared.txt');
    expect(`${res.status} ${res.text.slice(0, 2000)}`).toMatch(/^303/);
    expect(res.headers.location).toMatch(/^\/account\/files\/\d+\/edit\?shared=1$/);
    const page = await v.get(res.headers.location);
    expect(page.text).toContain('Shared: its address is below, ready to copy');
    expect(page.text).toContain('shared.txt');
  });

  it('should shorten a shared link (as url, or as a text that is only an address)', async () => {
    for (const [name, value] of [
      ['url', 'https://example.com/shared'],
      ['text', 'https://example.com/shared-as-text'],
    ]) {
      const res = await share().field('title', 'A page').field(name, value).expect(303);
      expect(res.headers.location).toMatch(/^\/account\/links\?created=\d+$/);
      expect((await v.get(res.headers.location)).text).toContain('Your short link');
      const id = /created=(\d+)/.exec(res.headers.location)![1];
      const edit = await v.get(`/account/links/${id}/edit`);
      expect(edit.text).toContain(`value="${value}"`);
    }
  });

  it('should share a shared text as a text', async () => {
    const res = await share().field('text', 'Meet at noon.\nBring the keys.').expect(303);
    expect(res.headers.location).toMatch(/^\/account\/texts\?created=\d+$/);
    expect((await v.get(res.headers.location)).text).toContain('Your text is shared');
  });

  it('should refuse what another site posts, or what comes without fetch metadata', async () => {
    await share('cross-site').field('url', 'https://evil.example/').expect(403);
    await share('same-site').field('url', 'https://evil.example/').expect(403);
    await share(null).field('url', 'https://evil.example/').expect(403);
    const nothing = await share().field('title', 'only a title').expect(400);
    expect(nothing.text).toContain('Nothing was shared');
    // Not logged in: the log-in page first.
    const anon = await t
      .api()
      .post('/account/share')
      .set('Accept', 'text/html')
      .set('Sec-Fetch-Site', 'none')
      .field('url', 'https://example.com/');
    expect(anon.status).toBe(303);
    expect(anon.headers.location).toMatch(/^\/login/);
  });

  const browserRun = dbKind() === 'sqlite' && hasChromium();
  (browserRun ? it : it.skip)(
    'should show the offline page in place of an account page when there is no network',
    async () => {
      const browser: Browser = await launchChromium();
      try {
        const ctx = await browser.newContext();
        const page = await ctx.newPage();
        await page.goto(`${base}/login`);
        await page.getByLabel('Email').fill('phone@example.com');
        await page.getByLabel('Password').fill('a long enough password');
        await page.getByRole('button', { name: 'Log in', exact: true }).click();
        await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
        await page.evaluate(async () => {
          await navigator.serviceWorker.ready;
        });
        // Controlled from the next navigation on.
        await page.reload();
        await ctx.setOffline(true);
        await page.goto(`${base}/account/links`);
        await page.getByRole('heading', { level: 1, name: 'You are offline' }).waitFor();
        await ctx.setOffline(false);
        await page.getByRole('link', { name: 'Try again' }).click();
        await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
        await ctx.close();
      } finally {
        await browser.close();
      }
    },
    60_000,
  );
});
