import { createAccount, TestAccount } from '../../factories/account.factory';
import { png } from '../../factories/file.factory';
import { createTestApp, TestApp } from '../../utils/create-test-app';
import { customDomains } from '../../utils/custom-domains';
import { TestDnsServer } from '../../utils/dns-server';
import { HOST } from '../../utils/requests';

describe('Shares on custom domains', () => {
  let dns: TestDnsServer;
  let t: TestApp;
  let a: TestAccount;
  beforeAll(async () => {
    dns = await TestDnsServer.start();
    t = await createTestApp({ DNS_SERVERS: dns.address });
    a = await createAccount(t, 'pro');
  });
  afterAll(async () => {
    await t.close();
    await dns.close();
  });
  const { add, verified } = customDomains(
    () => t,
    () => dns,
  );

  it('should serve shares on a custom domain there only, and nothing on a pending host', async () => {
    const host = 'go.example.net';
    await verified(a, host);
    await t
      .api()
      .post('/api/v1/shorten')
      .set(a.auth)
      .send({ domain: host, target_url: 'https://example.com/cd', custom_slug: 'cd1' })
      .expect(200);
    for (let i = 0; i < 2; i++) {
      const res = await t.api().get('/cd1').set('Host', host).expect(302);
      expect(res.headers.location).toBe('https://example.com/cd');
    }
    await t.api().get('/cd1').set('Host', HOST).expect(404);
    await t
      .api()
      .post('/api/v1/shorten')
      .set(a.auth)
      .send({ target_url: 'https://example.com/def', custom_slug: 'cd2' })
      .expect(200);
    await t.api().get('/cd2').set('Host', HOST).expect(302);
    await t.api().get('/cd2').set('Host', host).expect(404);
    // A host claimed but not verified serves nothing, not even the default domain's shares.
    await add(a, 'pending.example.net').expect(201);
    await t.api().get('/cd2').set('Host', 'pending.example.net').expect(404);
    await t.api().get('/').set('Host', 'pending.example.net').expect(404);
    const other = await t
      .api()
      .post('/api/v1/shorten')
      .set(a.auth)
      .send({ domain: 'pending.example.net', target_url: 'https://example.com/x' });
    expect(other.status).toBe(400);
    expect(other.body.error).toBe('domain_not_allowed');
  });

  it("should send the account area to PUBLIC_URL's host, never setting a cookie on a custom one", async () => {
    const host = 'own.example.net';
    await verified(a, host);
    const paths = [
      '/login',
      '/signup',
      '/logout',
      '/account',
      '/account/links?x=1',
      '/admin',
      '/report?url=x',
    ];
    for (const spelling of [host, `${host.toUpperCase()}.`, `${host}:3000`, '127.0.0.1:3000']) {
      for (const path of paths) {
        const res = await t.api().get(path).set('Host', spelling).expect(302);
        expect(res.headers.location).toBe(`http://localhost:3000${path}`);
      }
    }
    const login = await t
      .api()
      .post('/login')
      .set('Host', host)
      .type('form')
      .send({ email: a.email, password: a.password })
      .expect(303);
    expect(login.headers.location).toBe('http://localhost:3000/login');
    expect(login.headers['set-cookie']).toBeUndefined();
    await t.api().get('/login').set('Host', HOST).expect(200);
  });

  it('should send / and unknown slugs where the owner says', async () => {
    const host = 'redir.example.net';
    const id = await verified(a, host);
    await t.api().get('/').set('Host', host).expect(200);
    await t.api().get('/nothing-here').set('Host', host).expect(404);
    await t
      .api()
      .patch(`/api/v1/custom-domains/${id}`)
      .set(a.auth)
      .send({
        root_redirect_url: 'https://example.com/home',
        not_found_redirect_url: 'https://example.com/404',
      })
      .expect(200);
    const root = await t.api().get('/').set('Host', host).expect(302);
    expect(root.headers.location).toBe('https://example.com/home');
    const missing = await t.api().get('/nothing-here').set('Host', host).expect(302);
    expect(missing.headers.location).toBe('https://example.com/404');
  });

  it('should put texts and files on a custom domain, their bytes too', async () => {
    const host = 'share.example.net';
    await verified(a, host);
    const other = 'other.example.net';
    await verified(a, other);
    const text = await t
      .api()
      .post('/api/v1/text')
      .set(a.auth)
      .send({ content: 'on my domain', text_type: 'plain_text', domain: host })
      .expect(200);
    expect(new URL(text.body.data.short_url as string).host).toBe(host);
    const slug = text.body.data.slug as string;
    await t.api().get(`/${slug}/raw`).set('Host', host).expect(200, 'on my domain');
    await t.api().get(`/${slug}/raw`).set('Host', HOST).expect(404);
    const file = await t
      .api()
      .post('/api/v1/file/upload')
      .set(a.auth)
      .field('domain', host)
      .attach('file', png(3, 3), 'p.png')
      .expect(200);
    const url = new URL(file.body.data.url as string);
    expect(url.host).toBe(host);
    expect(new URL(file.body.data.page as string).host).toBe(host);
    await t.api().get(url.pathname).set('Host', host).expect(200);
    await t.api().get(url.pathname).set('Host', other).expect(404);
    await add(a, 'claimed.example.net').expect(201);
    await t.api().get(url.pathname).set('Host', 'claimed.example.net').expect(404);
    const lists = await t.api().get('/api/v1/file/domains').set(a.auth).expect(200);
    expect(lists.body.data.domains[0]).toBe(HOST);
    expect(lists.body.data.domains).toEqual(expect.arrayContaining([host, other]));
  });

  it("should show Linkdrop's brand on a custom domain's pages unless the operator turns it off", async () => {
    const page = (host: string, path: string) =>
      t.api().get(path).set('Host', host).set('Accept', 'text/html');
    const brand =
      /<header class="site">|Shared with <a href="\/">Linkdrop<\/a>|· Linkdrop<\/title>/;
    const host = 'brand.example.net';
    await verified(a, host);
    const text = await t
      .api()
      .post('/api/v1/text')
      .set(a.auth)
      .send({ content: 'mine', domain: host })
      .expect(200);
    expect((await page(host, `/${text.body.data.slug}`).expect(200)).text).toMatch(brand);
    // An operator who lets customers share under their own name alone.
    const plain = await createTestApp({
      DNS_SERVERS: dns.address,
      PUBLIC_BRAND_ON_CUSTOM_DOMAINS: 'false',
    });
    try {
      const b = await createAccount(plain, 'pro');
      await customDomains(
        () => plain,
        () => dns,
      ).verified(b, 'plain.example.net');
      const res = await plain
        .api()
        .post('/api/v1/text')
        .set(b.auth)
        .send({ content: 'mine', domain: 'plain.example.net' })
        .expect(200);
      const shown = (host: string, path: string) =>
        plain.api().get(path).set('Host', host).set('Accept', 'text/html');
      const slug = res.body.data.slug as string;
      const unbranded = [
        await shown('plain.example.net', `/${slug}`).expect(200),
        await shown('plain.example.net', '/nothing-here').expect(404),
        await shown('plain.example.net', '/nothing-here').expect(404),
        await shown('plain.example.net', '/').expect(200),
      ];
      for (const r of unbranded) expect(r.text).not.toMatch(brand);
      // Abuse can still be reported (on PUBLIC_URL's host).
      expect(unbranded[0].text).toContain('Report abuse');
      // The operator's own domain keeps it, the kept 404 page too.
      expect((await shown(HOST, '/nothing-here').expect(404)).text).toMatch(brand);
    } finally {
      await plain.close();
    }
  });
});
