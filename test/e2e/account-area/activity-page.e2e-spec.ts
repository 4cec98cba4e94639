import { AccountsService } from '../../../src/auth/accounts.service';
import { WebSessionsService } from '../../../src/auth/sessions/web-sessions.service';
import { createAccount } from '../../factories/account.factory';
import { createTestApp, TestApp } from '../../utils/create-test-app';

// /account/activity and /admin/activity: the audit log in the browser, filtered, as CSV.
describe('The activity pages', () => {
  let t: TestApp;
  beforeAll(async () => (t = await createTestApp()));
  afterAll(() => t.close());

  const browserOf = async (accountId: number) => {
    const secret = await t.app
      .get(WebSessionsService)
      .start(accountId, 'Mozilla/5.0 Firefox/130.0');
    return (path: string) => t.api().get(path).set('Cookie', `ld_session=${secret}`);
  };

  it("should show the account's own actions, filtered by kind and day, and download them", async () => {
    const a = await createAccount(t);
    const b = await createAccount(t);
    await t
      .api()
      .post('/api/v1/shorten')
      .set(a.auth)
      .send({ target_url: 'https://example.com/a' })
      .expect(200);
    await t
      .api()
      .post('/api/v1/shorten')
      .set(b.auth)
      .send({ target_url: 'https://example.com/b' })
      .expect(200);
    const get = await browserOf(a.id);
    const page = await get('/account/activity').expect(200);
    expect(page.text).toContain('link.created');
    expect(page.text).toContain('account.created');
    expect(page.text).toMatch(/API token #\d+/);
    expect(page.text).toContain('S.EE API');
    expect((page.text.match(/link\.created/g) ?? []).length).toBe(1);
    const accountOnly = await get('/account/activity?action=account').expect(200);
    expect(accountOnly.text).not.toContain('link.created');
    const today = new Date().toISOString().slice(0, 10);
    expect((await get(`/account/activity?from=${today}&to=${today}`)).text).toContain(
      'link.created',
    );
    expect((await get('/account/activity?to=2000-01-01')).text).toContain('Nothing here.');
    // A bad filter is ignored, not an error (a bookmark never breaks).
    await get('/account/activity?action=nope&from=yesterday&page=-3').expect(200);
    const csv = await get('/account/activity.csv?action=link').expect(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.text.trim().split('\r\n')).toHaveLength(2);
    // Admins only.
    await get('/admin/activity').expect(403);
  });

  it("should show an admin every account's", async () => {
    const admin = await createAccount(t);
    await t.app.get(AccountsService).setRole(admin.id, 'admin');
    const get = await browserOf(admin.id);
    const page = await get('/admin/activity?action=link').expect(200);
    expect((page.text.match(/link\.created/g) ?? []).length).toBe(2);
    const csv = await get('/admin/activity.csv').expect(200);
    expect(csv.text.split('\r\n').length).toBeGreaterThan(5);
  });
});
