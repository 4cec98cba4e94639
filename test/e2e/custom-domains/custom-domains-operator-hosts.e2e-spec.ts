import { AccountsService } from '../../../src/auth/accounts.service';
import { createAccount, TestAccount } from '../../factories/account.factory';
import { png } from '../../factories/file.factory';
import { createTestApp, TestApp } from '../../utils/create-test-app';
import { customDomains } from '../../utils/custom-domains';
import { TestDnsServer } from '../../utils/dns-server';
import { Visitor } from '../../utils/visitor';

const OPERATOR = {
  PUBLIC_URL: 'https://app.example',
  SHORT_DOMAINS: 's.example',
  TEXT_DOMAINS: 't.example',
  FILES_PUBLIC_URL: 'https://cdn.example/u',
  CUSTOM_DOMAIN_TARGET: 'edge.example,203.0.113.9',
};

describe("Custom domains never touch the operator's own hosts", () => {
  let dns: TestDnsServer;
  let t: TestApp;
  let a: TestAccount;
  beforeAll(async () => {
    dns = await TestDnsServer.start();
    t = await createTestApp({ ...OPERATOR, DNS_SERVERS: dns.address });
    a = await createAccount(t, 'pro');
  });
  afterAll(async () => {
    await t.close();
    await dns.close();
  });
  const { add } = customDomains(
    () => t,
    () => dns,
  );

  it.each([
    'APP.example.',
    'app.example',
    'x.app.example',
    's.example',
    'deep.sub.s.example',
    'T.EXAMPLE',
    'cdn.example',
    'edge.example.',
    'a.edge.example',
  ])('should refuse %s as a claim, whatever its spelling', async (host) => {
    const res = await add(a, host).expect(409);
    expect(res.body).toMatchObject({ success: false, error: 'domain_taken' });
  });

  it('should keep answering on the operator host while a claim elsewhere is pending', async () => {
    await add(a, 'pend.example').expect(201);
    await t.api().get('/').set('Host', 'app.example').expect(200);
    for (const spelling of ['pend.example', 'PEND.example', 'pend.example.', 'pend.example:8080']) {
      await t.api().get('/').set('Host', spelling).expect(404);
    }
  });
});

describe('A claim on a host that later became the operator’s', () => {
  let dns: TestDnsServer;
  let before: TestApp;
  let after: TestApp;
  let a: TestAccount;
  beforeAll(async () => {
    dns = await TestDnsServer.start();
    before = await createTestApp({ DNS_SERVERS: dns.address });
    a = await createAccount(before, 'pro');
  });
  afterAll(async () => {
    await after?.close();
    await before.close();
    await dns.close();
  });

  it('should change nothing there, in any state, and an admin can remove it', async () => {
    const { add, verified } = customDomains(
      () => before,
      () => dns,
    );
    await verified(a, 'app.example');
    await add(a, 's.example').expect(201);
    // The operator then moves the service onto those names.
    after = await createTestApp({ ...OPERATOR, DNS_SERVERS: dns.address, DB_URL: before.dbUrl });
    const home = await after.api().get('/').set('Host', 'app.example').expect(200);
    expect(home.text).toContain('Short links, texts and files');
    const up = await after
      .api()
      .post('/api/v1/file/upload')
      .set(a.auth)
      .attach('file', png(2, 2), 'a.png')
      .expect(200);
    const path = new URL(up.body.data.url as string).pathname;
    await after.api().get(path).set('Host', 'app.example').expect(200);
    const link = await after
      .api()
      .post('/api/v1/shorten')
      .set(a.auth)
      .send({ target_url: 'https://example.com/x' })
      .expect(200);
    expect(link.body.data.short_url).toMatch(/^https:\/\/s\.example\//);
    const slug = new URL(link.body.data.short_url as string).pathname;
    await after.api().get(slug).set('Host', 'S.example.').expect(302);
    const refused = await after
      .api()
      .post('/api/v1/shorten')
      .set(a.auth)
      .send({ domain: 'app.example', target_url: 'https://example.com/y' });
    expect(refused.body.error).toBe('domain_not_allowed');

    await after.app.get(AccountsService).create('root@example.com', 'admin password!', 'pro', true);
    const admin = new Visitor(after);
    await admin.logIn('root@example.com', 'admin password!');
    const list = await admin.get('/admin/domains');
    expect(list.status).toBe(200);
    expect(list.text).toContain('app.example');
    expect(list.text).toContain('s.example');
    expect(list.text).toContain(a.email);
    const ids = [...list.text.matchAll(/\/admin\/domains\/(\d+)\/remove/g)].map((m) => m[1]);
    expect(ids).toHaveLength(2);
    for (const id of ids)
      expect((await admin.post(`/admin/domains/${id}/remove`, {})).status).toBe(200);
    const own = await after.api().get('/api/v1/custom-domains').set(a.auth).expect(200);
    expect(own.body.data).toEqual([]);
  });
});
