import { AccountsService } from '../../../src/auth/accounts.service';
import { WebSessionsService } from '../../../src/auth/sessions/web-sessions.service';
import { createAccount, TestAccount } from '../../factories/account.factory';
import { TestApp } from '../../utils/create-test-app';
import { appWithTwoAccounts } from '../../utils/suite';

describe('The audit log', () => {
  let t: TestApp;
  let a: TestAccount;
  let b: TestAccount;
  appWithTwoAccounts({}, (s) => ({ t, a, b } = s));

  const log = (who: TestAccount, query = '') =>
    t.api().get(`/api/v1/audit-log${query}`).set(who.auth);

  it('should show who did what, when and through which client, newest first, in its shape', async () => {
    await t
      .api()
      .post('/api/v1/shorten')
      .set(a.auth)
      .send({ target_url: 'https://example.com/1' })
      .expect(200);
    await t.api().post('/api/v1/tags').set(a.auth).send({ name: 'x' }).expect(201);
    await t.api().post('/api/v1/texts').set(a.auth).send({ content: 'hi' });
    const res = await log(a).expect(200);
    const items = res.body.data as Record<string, unknown>[];
    expect(Object.keys(items[0]).sort()).toEqual([
      'action',
      'actor',
      'at',
      'client',
      'id',
      'resource',
    ]);
    const created = items.find((i) => i.action === 'link.created')!;
    expect(created).toMatchObject({
      actor: { type: 'token', id: expect.any(Number) },
      resource: { type: 'link', id: expect.any(Number) },
      client: 'see',
    });
    expect(created.id).toMatch(/^evt_/);
    expect(Math.abs((created.at as number) - Date.now() / 1000)).toBeLessThan(60);
    // Signing up is the account's own doing.
    expect(items.at(-1)).toMatchObject({
      action: 'account.created',
      actor: { type: 'account', id: a.id },
      client: 'api',
    });
    // Nothing of b's.
    expect((await log(b).expect(200)).body.data.map((i: { action: string }) => i.action)).toEqual([
      'account.created',
    ]);
  });

  it('should filter by action or family and by time, and page', async () => {
    for (let i = 0; i < 3; i++) {
      await t
        .api()
        .post('/api/v1/shorten')
        .set(a.auth)
        .send({ target_url: `https://example.com/f${i}` });
    }
    const family = (await log(a, '?action=link').expect(200)).body.data;
    expect(family.length).toBeGreaterThanOrEqual(4);
    expect(family.every((i: { action: string }) => i.action.startsWith('link.'))).toBe(true);
    const exact = (await log(a, '?action=account.created').expect(200)).body.data;
    expect(exact).toHaveLength(1);
    const paged = (await log(a, '?action=link&per_page=2&page=2').expect(200)).body.data;
    expect(paged).toHaveLength(2);
    expect(paged[0].id).toBe(family[2].id);
    const future = Math.floor(Date.now() / 1000) + 3600;
    expect((await log(a, `?from=${future}`).expect(200)).body.data).toEqual([]);
    expect((await log(a, '?to=2000-01-01').expect(200)).body.data).toEqual([]);
    expect((await log(a, '?from=2000-01-01T00:00:00Z').expect(200)).body.data.length).toBe(
      (await log(a, '?per_page=100').expect(200)).body.data.length,
    );
  });

  it('should export every match as CSV', async () => {
    const res = await log(a, '?format=csv&action=link').expect(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="audit-log.csv"');
    const lines = res.text.trim().split('\r\n');
    expect(lines[0]).toBe(
      'id,at,actor_type,actor_id,action,resource_type,resource_id,client,account_id',
    );
    expect(
      lines
        .slice(1)
        .every((l) =>
          /^evt_[^,]+,\d{4}-\d\d-\d\dT[^,]+Z,token,\d+,link\.created,link,\d+,see,\d+$/.test(l),
        ),
    ).toBe(true);
  });

  it('should show admins every account, and refuse others', async () => {
    const admin = await createAccount(t);
    await t.app.get(AccountsService).setRole(admin.id, 'admin');
    const all = await t
      .api()
      .get('/api/v1/admin/audit-log?per_page=100')
      .set(admin.auth)
      .expect(200);
    const accounts = new Set(
      all.body.data
        .filter((i: { action: string }) => i.action === 'account.created')
        .map((i: { resource: { id: number } }) => i.resource.id),
    );
    expect(accounts).toEqual(new Set([a.id, b.id, admin.id]));
    const one = await t
      .api()
      .get(`/api/v1/admin/audit-log?account_id=${b.id}`)
      .set(admin.auth)
      .expect(200);
    expect(one.body.data.map((i: { action: string }) => i.action)).toEqual(['account.created']);
    const csv = await t.api().get('/api/v1/admin/audit-log?format=csv').set(admin.auth).expect(200);
    expect(csv.text.split('\r\n').length).toBeGreaterThan(3);
    await t.api().get('/api/v1/admin/audit-log').set(a.auth).expect(403);
  });

  it("should name the admin who acted on an account's share, through the browser", async () => {
    const admin = await createAccount(t);
    await t.app.get(AccountsService).setRole(admin.id, 'admin');
    const made = await t
      .api()
      .post('/api/v1/shorten')
      .set(a.auth)
      .send({ target_url: 'https://example.com/bad', custom_slug: 'audit-td' })
      .expect(200);
    expect(made.body.data.short_url).toBe('http://localhost:3000/audit-td');
    const sessions = t.app.get(WebSessionsService);
    const secret = await sessions.start(admin.id, 'Mozilla/5.0 Firefox/130.0');
    const { csrfToken } = (await sessions.resolve(secret))!;
    await t
      .api()
      .post('/admin/takedown')
      .set('Cookie', `ld_session=${secret}`)
      .type('form')
      .send({ _csrf: csrfToken, url: 'http://localhost:3000/audit-td', reason: 'phishing' })
      .expect(200);
    const [entry] = (await log(a, '?action=share').expect(200)).body.data;
    expect(entry).toMatchObject({
      action: 'share.taken_down',
      actor: { type: 'admin', id: admin.id },
      client: 'browser',
      resource: { type: 'share' },
    });
  });

  it('should refuse bad filters with the field named', async () => {
    for (const q of [
      '?from=yesterday',
      '?to=12:00',
      '?action=DROP%20TABLE',
      '?format=xml',
      '?page=0',
    ]) {
      const res = await log(a, q);
      expect([q, res.status, res.body.error]).toEqual([q, 400, 'validation_failed']);
    }
    await t.api().get('/api/v1/audit-log').expect(401);
  });
});
