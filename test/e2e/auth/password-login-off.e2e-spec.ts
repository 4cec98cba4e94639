import { AccountsService } from '../../../src/auth/accounts.service';
import { createTestApp, TestApp } from '../../utils/create-test-app';

// AUTH_PASSWORD_LOGIN=false: single sign-on only (here a provider that is never reached).
describe('Passwords turned off', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      AUTH_PASSWORD_LOGIN: 'false',
      AUTH_OIDC_PROVIDERS: 'corp',
      AUTH_OIDC_CORP_ISSUER: 'http://127.0.0.1:9/',
      AUTH_OIDC_CORP_CLIENT_ID: 'linkdrop',
      AUTH_OIDC_CORP_LABEL: 'Corp SSO',
    });
    await t.app.get(AccountsService).create('ada@example.com', 'a long password', 'free');
  });
  afterAll(() => t.close());

  it('should refuse passwords everywhere and show only the provider', async () => {
    const credentials = { email: 'ada@example.com', password: 'a long password' };
    const api = await t.api().post('/api/v1/auth/login').send(credentials).expect(403);
    expect(api.body.message).toMatch(/Passwords are off/);
    await t.api().post('/api/v1/auth/signup').send(credentials).expect(403);
    const yourls = await t
      .api()
      .get(
        '/yourls-api.php?action=db-stats&format=json&username=ada@example.com&password=a%20long%20password',
      );
    expect(yourls.status).toBe(401);
    const page = await t.api().get('/login').expect(200);
    expect(page.text).not.toContain('name="password"');
    expect(page.text).toContain('href="/auth/oidc/corp?next=%2Faccount"');
    expect(page.text).toContain('Log in with Corp SSO');
    await t.api().get('/signup').expect(404);
  });

  it('should answer 503 when the provider cannot be reached, and 404 for one not set', async () => {
    const res = await t.api().get('/auth/oidc/corp');
    expect(res.status).toBe(503);
    expect(res.text).toContain('Corp SSO cannot be reached');
    await t.api().get('/auth/oidc/nope').expect(404);
  });
});
