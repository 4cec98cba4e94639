import type { Browser, BrowserContext, Page } from 'playwright-core';
import { AccountsService } from '../../../src/auth/accounts.service';
import { png } from '../../factories/file.factory';
import { hasChromium, launchChromium } from '../../utils/chromium';
import { createTestApp, TestApp } from '../../utils/create-test-app';
import { reservePort } from '../../utils/free-port';
import { checkPage, contextAt } from '../../utils/page-checks';
import { dbKind } from '../../utils/test-database';

const run = dbKind() === 'sqlite' && hasChromium();

/**
 * Words a Chinese page may show in Latin letters: names (of the product, of programs, of
 * formats and file extensions), units and protocol terms, the switcher's "English", and what the test's own data is.
 */
const LATIN_ALLOWED = new Set(
  (
    'Linkdrop API DNS TXT CNAME URL QR PNG SVG CSV UTC ShareX PicGo PicList uPic curl SM MS ' +
    'Markdown JavaScript PDF JPEG English KiB MiB GiB RSS Bearer free pro admin example com org ' +
    'backupDomain Pro Free Python Mastodon ZIP MD Chrome Headless HeadlessChrome Linux Webhook ' +
    'Standard Webhooks'
  ).split(' '),
);

/** Every page a person meets, in Simplified Chinese: not one English word of ours left. */
(run ? describe : describe.skip)('Pages in Simplified Chinese', () => {
  let t: TestApp;
  let browser: Browser;
  let base: string;
  let zh: BrowserContext;
  let page: Page;
  /** The test's own data, shown as given: taken out before looking for English. */
  const data: string[] = [];
  const shares: Record<string, string> = {};

  beforeAll(async () => {
    const { port, release } = await reservePort();
    base = `http://127.0.0.1:${port}`;
    t = await createTestApp({ PUBLIC_URL: base });
    await release();
    await t.app.listen(port, '127.0.0.1');
    await t.app.get(AccountsService).create('root@example.com', 'admin password!', 'pro', true);
    data.push('root@example.com');
    const login = await t
      .api()
      .post('/api/v1/auth/login')
      .send({ email: 'root@example.com', password: 'admin password!' })
      .expect(200);
    const auth = { Authorization: `Bearer ${login.body.data.token as string}` };
    const post = (path: string, body: object) =>
      t.api().post(path).set(auth).send(body).expect(200);
    const link = await post('/api/v1/shorten', {
      target_url: 'https://example.com/somewhere',
      custom_slug: 'zh-link',
      title: 'zh-title',
      expire_at: Math.floor(Date.now() / 1000) + 3 * 86_400,
    });
    shares.link = link.body.data.short_url as string;
    const text = await post('/api/v1/text', {
      content: 'zh-content',
      text_type: 'source_code',
      language: 'python',
      custom_slug: 'zh-text',
    });
    shares.text = text.body.data.short_url as string;
    shares.once = (
      await post('/api/v1/text', { content: 'x', burn_after_read: true, custom_slug: 'zh-once' })
    ).body.data.short_url as string;
    shares.locked = (
      await post('/api/v1/text', { content: 'x', password: 'sesame', custom_slug: 'zh-locked' })
    ).body.data.short_url as string;
    const file = await t
      .api()
      .post('/api/v1/file/upload')
      .set(auth)
      .attach('file', png(40, 30), 'zh-photo.png')
      .expect(200);
    shares.file = file.body.data.page as string;
    // A Markdown file (its page previews it), and both files under one address.
    const notes = await t
      .api()
      .post('/api/v1/file/upload')
      .set(auth)
      .attach('file', Buffer.from('# zh-heading\n\nzh-body\n'), 'zh-notes.md')
      .expect(200);
    shares.notes = notes.body.data.page as string;
    const bundle = await t
      .api()
      .post('/api/v1/bundles')
      .set(auth)
      .send({
        custom_slug: 'zh-bundle',
        file_ids: [file.body.data.file_id, notes.body.data.file_id],
      })
      .expect(201);
    shares.bundle = bundle.body.data.short_url as string;
    await t.api().post('/api/v1/tags').set(auth).send({ name: 'zh-tag' }).expect(201);
    await t.api().post('/api/v1/tokens').set(auth).send({ name: 'zh-token' });
    data.push('zh-link', 'zh-title', 'zh-text', 'zh-content', 'zh-once', 'zh-locked');
    data.push('zh-photo.png', 'zh-tag', 'zh-token', 'python', base);
    data.push('zh-notes.md', 'zh-heading', 'zh-body', 'zh-bundle');
    // The names of tokens made for a person (at log-in, for the integrations) are data too.
    data.push('log-in', 'Integrations');
    browser = await launchChromium();
    // bypassCSP: axe is injected into some of its pages (checkPage).
    zh = await browser.newContext({ locale: 'zh-CN', bypassCSP: true });
    page = await zh.newPage();
    page.on('dialog', (d) => void d.accept());
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  /** Latin words on the page that are neither allowed nor the test's own data. */
  const englishOn = async (p: Page): Promise<string[]> => {
    // The code languages of a text page are names (Python, Go...), left as they are.
    let text = await p.evaluate(() => {
      const copy = document.body.cloneNode(true) as HTMLElement;
      copy.querySelectorAll('script, select#lang, code, pre, textarea').forEach((e) => e.remove());
      return copy.textContent ?? '';
    });
    for (const d of [...data].sort((a, b) => b.length - a.length)) text = text.split(d).join(' ');
    // Addresses, file names and emails are data, whatever their letters.
    text = text.replace(/\S*[./:@]\S*/g, ' ');
    const words = text.match(/[A-Za-z]{2,}/g) ?? [];
    return [...new Set(words.filter((w) => !LATIN_ALLOWED.has(w)))];
  };

  it('should choose Chinese from Accept-Language, and say so in <html lang>', async () => {
    await page.goto(`${base}/login`);
    expect(await page.getAttribute('html', 'lang')).toBe('zh-CN');
    await page.getByLabel('邮箱').fill('root@example.com');
    await page.getByLabel('密码').fill('admin password!');
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: '概览' }).waitFor();
  });

  it('should leave no English word on any page of the account area or the admin area', async () => {
    const paths = [
      '/',
      '/account',
      '/account/links',
      '/account/texts',
      '/account/files',
      '/account/files?view=grid',
      '/account/bio',
      '/account/tags',
      '/account/analytics',
      '/account/domains',
      '/account/tokens',
      '/account/integrations',
      '/account/security',
      '/account/webhooks',
      '/account/activity',
      '/admin',
      '/admin/reports',
      '/admin/takedowns',
      '/admin/domains',
      '/admin/security',
      '/admin/activity',
      '/report',
    ];
    const found: string[] = [];
    for (const path of paths) {
      await page.goto(`${base}${path}`);
      for (const w of await englishOn(page)) found.push(`${path}: ${w}`);
    }
    // Integrations after making its token: every program's settings and how to use them.
    await page.goto(`${base}/account/integrations`);
    await page.getByRole('button', { name: '生成令牌并显示设置' }).click();
    await page.getByRole('heading', { level: 1, name: '集成' }).waitFor();
    for (const w of await englishOn(page)) found.push(`integrations (made): ${w}`);
    expect(found).toEqual([]);
  });

  it('should leave no English word on the public pages, in every state', async () => {
    const anonymous = await browser.newContext({ locale: 'zh-CN' });
    const p = await anonymous.newPage();
    const found: string[] = [];
    const { link: _redirects, ...pages0 } = shares;
    const pages = {
      ...pages0,
      missing: `${base}/no-such-share`,
      signup: `${base}/signup`,
      'forgot password': `${base}/forgot-password`,
      'reset password': `${base}/reset-password?token=x`,
      'confirm address': `${base}/verify-email`,
    };
    for (const [name, url] of Object.entries(pages)) {
      await p.goto(url.replace(/^https?:\/\/[^/]+/, base));
      for (const w of await englishOn(p)) found.push(`${name}: ${w}`);
    }
    await p.goto(`${base}/zh-once`);
    await p.getByRole('button', { name: '显示文本' }).click();
    // The reveal is a form post: read the page it answers, not the one it leaves.
    await p.getByRole('status').waitFor();
    for (const w of await englishOn(p)) found.push(`revealed: ${w}`);
    await p.goto(`${base}/zh-once`);
    for (const w of await englishOn(p)) found.push(`read: ${w}`);
    await anonymous.close();
    expect(found).toEqual([]);
  });

  it('should fit a phone in Chinese too', async () => {
    const problems: string[] = [];
    for (const width of [320, 1280]) {
      const ctx = await contextAt(browser, width, 'light');
      const p = await ctx.newPage();
      for (const [name, url] of Object.entries({ text: shares.text, file: shares.file })) {
        const at = `${url.replace(/^https?:\/\/[^/]+/, base)}?hl=zh-CN`;
        problems.push(...(await checkPage(p, at, `zh-${name}`, width, 'light')));
      }
      await ctx.close();
    }
    expect(problems).toEqual([]);
  });

  it('should fit a phone in the account area in Chinese', async () => {
    const p = await zh.newPage();
    await p.setViewportSize({ width: 375, height: 800 });
    const problems: string[] = [];
    for (const path of ['/account', '/account/links', '/account/files', '/account/tokens']) {
      const name = `zh-account${path.replace(/\//g, '-')}`;
      problems.push(...(await checkPage(p, `${base}${path}`, name, 375, 'light')));
    }
    await p.close();
    expect(problems).toEqual([]);
  });

  it('should switch language with the switcher and keep the choice', async () => {
    await page.goto(`${base}/account/links`);
    await page
      .getByRole('navigation', { name: '语言' })
      .getByRole('link', { name: 'English' })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Links' }).waitFor();
    // The choice outlives the Accept-Language of the browser, on the next pages too.
    await page.goto(`${base}/account/texts`);
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    await page.getByRole('heading', { level: 1, name: 'Texts' }).waitFor();
    await page.getByRole('link', { name: '简体中文' }).click();
    await page.getByRole('heading', { level: 1, name: '文本' }).waitFor();
  });

  it('should answer the API in English whatever the language of the browser', async () => {
    const res = await t
      .api()
      .get('/api/v1/links/999999')
      .set('Accept-Language', 'zh-CN')
      .set('Cookie', 'ld_lang=zh-CN');
    expect(res.body.message).toMatch(/[A-Za-z]/);
  });
});
