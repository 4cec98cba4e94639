import { VisitRecorder } from '../../../src/analytics/capture/visit-recorder';
import { AccountsService } from '../../../src/auth/accounts.service';
import { createAccount, TestAccount } from '../../factories/account.factory';
import { png } from '../../factories/file.factory';
import { createTestApp, TestApp } from '../../utils/create-test-app';
import { idOf } from '../../utils/requests';
import { Visitor } from '../../utils/visitor';

describe('Moderation: the admin area, takedowns and reports of abuse', () => {
  let t: TestApp;
  let admin: Visitor;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: '1' });
    await t.app.get(AccountsService).create('root@example.com', 'admin password!', 'pro', true);
    admin = new Visitor(t);
    expect((await admin.logIn('root@example.com', 'admin password!')).status).toBe(303);
  });
  afterAll(() => t.close());

  const shorten = async (who: TestAccount, slug: string) => {
    const res = await t
      .api()
      .post('/api/v1/shorten')
      .set(who.auth)
      .send({ target_url: `https://example.com/${slug}`, custom_slug: slug })
      .expect(200);
    return { id: idOf(res), short_url: res.body.data.short_url as string };
  };

  it('should keep the admin area to admins', async () => {
    const anon = await t.api().get('/admin').set('Accept', 'text/html');
    expect(anon.status).toBe(303);
    const v = new Visitor(t);
    await v.signUp('plain@example.com');
    expect((await v.get('/admin')).status).toBe(403);
    expect((await v.get('/account')).text).not.toContain('href="/admin"');
    const page = await admin.get('/admin');
    expect(page.status).toBe(200);
    expect(page.text).toContain('plain@example.com');
  });

  it('should disable an account: tokens, sessions and shares stop; enabling brings them back', async () => {
    const bad = await createAccount(t);
    const link = await shorten(bad, 'spammy');
    const file = (
      await t
        .api()
        .post('/api/v1/file/upload')
        .set(bad.auth)
        .attach('file', png(3, 3), 'x.png')
        .expect(200)
    ).body.data as { path: string };
    const browser = new Visitor(t);
    await browser.logIn(bad.email, bad.password);
    await t.api().get('/spammy').expect(302);

    expect((await admin.post(`/admin/accounts/${bad.id}/disable`, {})).text).toContain(
      'Account disabled',
    );
    const api = await t.api().get('/api/v1/account').set(bad.auth).expect(403);
    expect(api.body.error).toBe('account_disabled');
    expect((await browser.get('/account')).status).toBe(303);
    // Logging in again is refused before any token or session is made, with a way out.
    const apiLogin = await t
      .api()
      .post('/api/v1/auth/login')
      .send({ email: bad.email, password: bad.password })
      .expect(403);
    expect(apiLogin.body).toMatchObject({ success: false, error: 'account_disabled', data: null });
    const again = new Visitor(t);
    const page = await again.logIn(bad.email, bad.password);
    expect(page.status).toBe(403);
    expect(page.headers['set-cookie'] ?? []).not.toContainEqual(expect.stringMatching(/session/));
    expect(page.text).toContain('ask the operator of this server');
    expect(page.text).toContain('href="/"');
    const gone = await t.api().get('/spammy').set('Accept', 'text/html').expect(410);
    expect(gone.text).toContain('the account that shared it was disabled');
    await t.api().get(`/u${file.path}`).expect(410);
    const other = await createAccount(t);
    await shorten(other, 'innocent');
    await t.api().get('/innocent').expect(302);

    await admin.post(`/admin/accounts/${bad.id}/enable`, {});
    await t.api().get('/api/v1/account').set(bad.auth).expect(200);
    await t.api().get('/spammy').expect(302);
    expect(link.id).toBeGreaterThan(0);
    // An admin cannot lock themselves out.
    const me = (
      await t.app.get(AccountsService).verifyCredentials('root@example.com', 'admin password!')
    ).id;
    expect((await admin.post(`/admin/accounts/${me}/disable`, {})).status).toBe(400);
  });

  it('should take a share down by its address, with the reason shown to visitors', async () => {
    const owner = await createAccount(t);
    const link = await shorten(owner, 'phish');
    const res = await admin.post('/admin/takedown', { url: link.short_url, reason: 'phishing' });
    expect(res.text).toContain('Taken down');
    const page = await t.api().get('/phish').set('Accept', 'text/html').expect(410);
    expect(page.text).toContain('This share was taken down');
    expect(page.text).toContain('The reason given: phishing');
    const json = await t.api().get('/phish').expect(410);
    expect(json.body.error).toBe('gone');
    expect(
      (await admin.post('/admin/takedown', { url: 'https://nowhere.example/x', reason: 'x' }))
        .status,
    ).toBe(404);
    expect((await admin.post('/admin/takedown', { url: link.short_url, reason: '' })).status).toBe(
      400,
    );
  });

  it('should list takedowns with their reasons, and restore one', async () => {
    const owner = await createAccount(t);
    const link = await shorten(owner, 'wrongly');
    await admin.post('/admin/takedown', { url: link.short_url, reason: 'looked like spam' });
    const list = await admin.get('/admin/takedowns');
    expect(list.status).toBe(200);
    expect(list.text).toContain(link.short_url);
    expect(list.text).toContain('Reason: looked like spam');
    expect(list.text).toContain(owner.email);
    expect(list.text).toContain(`data-confirm="Restore ${link.short_url}?`);
    const restored = await admin.post(`/admin/takedowns/${link.id}/restore`, {});
    expect(restored.text).toContain(`Restored: ${link.short_url} answers again`);
    expect(restored.text).not.toContain('Reason: looked like spam');
    await t.api().get('/wrongly').expect(302);
    expect((await admin.post('/admin/takedowns/999999/restore', {})).status).toBe(404);
    const v = new Visitor(t);
    await v.signUp('not-an-admin@example.com');
    expect((await v.get('/admin/takedowns')).status).toBe(403);
  });

  it('should preview a reported share without counting a visit or using up a one-time text', async () => {
    const owner = await createAccount(t);
    const made = await t
      .api()
      .post('/api/v1/text')
      .set(owner.auth)
      .send({ content: 'only once <b>please</b>', burn_after_read: true })
      .expect(200);
    const text = { id: idOf(made), slug: (made.body.data as { slug: string }).slug };
    const seen = await admin.get(`/admin/shares/${text.id}`);
    expect(seen.status).toBe(200);
    expect(seen.text).toContain('only once &lt;b&gt;please&lt;/b&gt;');
    expect(seen.text).toContain('not read yet');
    await t.app.get(VisitRecorder).flush();
    const counted = await t.api().get(`/api/v1/links/${text.id}`).set(owner.auth).expect(200);
    expect(counted.body.data).toMatchObject({ clicks: 0, visit_count: 0 });
    // Still there for its reader.
    const reveal = await t.api().post(`/${text.slug}/reveal`).expect(200);
    expect(reveal.text).toContain('only once');
    expect((await admin.get('/admin/shares/999999')).status).toBe(404);
  });

  it('should page the accounts and keep the search across pages', async () => {
    for (let i = 0; i < 51; i++) {
      await t.app
        .get(AccountsService)
        .create(`pager${i}@example.com`, 'a long password', 'free', false);
    }
    const first = await admin.get('/admin?q=pager');
    expect(first.text).toContain('51 in all');
    expect(first.text).toContain('Page 1 of 2');
    expect(first.text).toContain('href="/admin?q=pager&amp;page=2"');
    const second = await admin.get('/admin?q=pager&page=2');
    expect(second.text).toContain('pager0@example.com');
    expect(second.text).not.toContain('pager50@example.com');
  });

  it('should take reports from share pages and let an admin act on them', async () => {
    const owner = await createAccount(t);
    const text = (
      await t.api().post('/api/v1/text').set(owner.auth).send({ content: 'buy now' }).expect(200)
    ).body.data as { short_url: string; slug: string };
    const sharePage = await t.api().get(`/${text.slug}`).set('Accept', 'text/html').expect(200);
    expect(sharePage.text).toContain(`/report?url=${encodeURIComponent(text.short_url)}`);

    const reporter = new Visitor(t);
    const form = await reporter.get(`/report?url=${encodeURIComponent(text.short_url)}`);
    expect(form.text).toContain(`value="${text.short_url}"`);
    const sent = await reporter.post('/report', {
      url: text.short_url,
      reason: 'spam',
      details: 'ads',
    });
    expect(sent.status).toBe(200);
    expect(sent.text).toContain('the report was sent');
    expect(
      (await reporter.post('/report', { url: 'https://elsewhere.example/zz', reason: 'spam' }))
        .status,
    ).toBe(404);
    expect((await reporter.post('/report', { url: text.short_url, reason: 'boring' })).status).toBe(
      400,
    );
    expect(
      (await reporter.post('/report', { url: text.short_url, reason: 'spam' }, 'forged')).status,
    ).toBe(403);

    const list = await admin.get('/admin/reports');
    expect(list.text).toContain(text.short_url);
    expect(list.text).toContain('ads');
    const id = /\/admin\/reports\/(\d+)\/takedown/.exec(list.text)![1];
    const done = await admin.post(`/admin/reports/${id}/takedown`, { reason: 'spam' });
    expect(done.text).toContain('Taken down');
    expect(done.text).toContain('No open reports');
    await t.api().get(`/${text.slug}`).expect(410);
  });

  it('should keep a real report in sight under a flood: per share, newest first, one per sender', async () => {
    const spammer = await createAccount(t);
    const targets = [];
    for (let i = 0; i < 30; i++) targets.push((await shorten(spammer, `flood-${i}`)).short_url);
    const senders = Array.from({ length: 5 }, (_, i) => {
      const v = new Visitor(t);
      v.headers = { 'X-Forwarded-For': `198.51.100.${i + 1}` };
      return v;
    });
    for (const v of senders) await v.get('/report');
    for (let i = 0; i < 100; i++) {
      const v = senders[i % 5];
      const sent = await v.post('/report', { url: targets[i % 30], reason: 'spam', details: 'x' });
      expect(sent.text).toContain('the report was sent');
    }
    const real = await shorten(await createAccount(t), 'real-phish');
    const honest = new Visitor(t);
    honest.headers = { 'X-Forwarded-For': '203.0.113.50' };
    await honest.get('/report');
    await honest.post('/report', { url: real.short_url, reason: 'phishing', details: 'my bank' });

    const list = await admin.get('/admin/reports');
    const first = list.text.indexOf('<section class="report"');
    expect(list.text.slice(first, first + 600)).toContain(real.short_url);
    expect(list.text).toContain('my bank');
    // 100 reports from 5 senders on 30 shares: each pair once (the 5 senders cycle with the 30).
    expect(list.text).toContain('31 open reports on 31 shares');
    expect((list.text.match(/<section class="report"/g) ?? []).length).toBe(20);
    expect(list.text).toContain('Page 1 of 2');
    const older = await admin.get('/admin/reports?page=2');
    expect((older.text.match(/<section class="report"/g) ?? []).length).toBe(11);

    // The first group is the newest: the real report's share.
    const dismissId = /\/admin\/reports\/(\d+)\/dismiss/.exec(list.text)![1];
    const done = await admin.post(`/admin/reports/${dismissId}/dismiss`, {});
    expect(done.text).toContain('Reports dismissed');
    expect(done.text).not.toContain('my bank');
    await t.api().get('/real-phish').expect(302);
  });

  it('should change an account plan and its end', async () => {
    const who = await createAccount(t);
    await admin.post(`/admin/accounts/${who.id}/plan`, { plan: 'pro', until: '2099-12-31' });
    const account = (await t.api().get('/api/v1/account').set(who.auth).expect(200)).body.data;
    expect(account.plan.code).toBe('pro');
    expect(account.plan.expires_at).toBe(Math.floor(Date.parse('2099-12-31T23:59:59.999Z') / 1000));
    expect((await admin.post(`/admin/accounts/${who.id}/plan`, { plan: 'gold' })).status).toBe(400);
  });
});
