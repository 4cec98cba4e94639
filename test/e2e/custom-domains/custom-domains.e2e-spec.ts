import { CustomDomainsService } from '../../../src/custom-domains/custom-domains.service';
import { createAccount, TestAccount } from '../../factories/account.factory';
import { createTestApp, TestApp } from '../../utils/create-test-app';
import { customDomains } from '../../utils/custom-domains';
import { TestDnsServer } from '../../utils/dns-server';
import { HOST } from '../../utils/requests';
import { Visitor } from '../../utils/visitor';

const DAY = 86_400_000;

describe('Custom domains, verified through a DNS server on loopback', () => {
  let dns: TestDnsServer;
  let t: TestApp;
  let a: TestAccount;
  beforeAll(async () => {
    dns = await TestDnsServer.start();
    t = await createTestApp({
      DNS_SERVERS: dns.address,
      CUSTOM_DOMAIN_TARGET: 'edge.linkdrop.test',
    });
    a = await createAccount(t, 'pro');
  });
  afterAll(async () => {
    await t.close();
    await dns.close();
  });
  afterEach(() => t.clock.reset());

  const { add, verify, publish, tokenOf, verified } = customDomains(
    () => t,
    () => dns,
  );

  it('should say in the account area, in words, what a check found', async () => {
    const v = new Visitor(t);
    await v.logIn(a.email, a.password);
    await v.get('/account/domains');
    const added = await v.post('/account/domains', { host: 'words.example.org' });
    expect(added.text).toContain('Added words.example.org');
    const id = /action="\/account\/domains\/(\d+)\/verify"/.exec(added.text)![1];
    const checked = await v.post(`/account/domains/${id}/verify`, {});
    expect(checked.text).toContain('No TXT record found at _linkdrop.words.example.org: add it');
    expect(checked.text).not.toMatch(/✗|ENODATA|ENOTFOUND/);
  });

  it('should answer the records, explain a failed check, and verify once the TXT is there', async () => {
    const res = await add(a, 'Links.Example.ORG').expect(201);
    const d = res.body.data;
    expect(d).toMatchObject({ host: 'links.example.org', status: 'pending' });
    expect(d.records).toEqual([
      {
        purpose: 'verify',
        type: 'TXT',
        name: '_linkdrop.links.example.org',
        value: expect.stringMatching(/^linkdrop-verify=[0-9a-f]{32}$/),
      },
      { purpose: 'route', type: 'CNAME', name: 'links.example.org', value: 'edge.linkdrop.test' },
    ]);
    const failed = await verify(a, d.id).expect(200);
    expect(failed.body.data.status).toBe('pending');
    expect(failed.body.data.records[0]).toMatchObject({ found: [], ok: false });
    dns.set('_linkdrop.links.example.org', 'TXT', 'linkdrop-verify=wrong');
    dns.set('links.example.org', 'CNAME', 'edge.linkdrop.test');
    const wrong = await verify(a, d.id).expect(200);
    expect(wrong.body.data.records.map((r: { found: string[] }) => r.found)).toEqual([
      ['linkdrop-verify=wrong'],
      ['edge.linkdrop.test'],
    ]);
    expect(wrong.body.data.status).toBe('pending');
    publish('links.example.org', tokenOf(res.body));
    const ok = await verify(a, d.id).expect(200);
    expect(ok.body.data).toMatchObject({ status: 'verified', verified_at: expect.any(Number) });
    expect(ok.body.data.records.map((r: { ok: boolean }) => r.ok)).toEqual([true, true]);
    const lists = await t.api().get('/api/v1/domains').set(a.auth).expect(200);
    expect(lists.body.data).toEqual({ domains: [HOST, 'links.example.org'] });
    await t.api().get('/internal/tls-allowed?domain=links.example.org').expect(200);
    await t.api().get(`/internal/tls-allowed?domain=${HOST}`).expect(200);
    await t.api().get('/internal/tls-allowed?domain=evil.example').expect(404);
  });

  it('should let the first account to verify win, and refuse the host to the others', async () => {
    const b = await createAccount(t);
    const mine = await add(a, 'race.example.com').expect(201);
    const theirs = await add(b, 'race.example.com').expect(201);
    dns.set('_linkdrop.race.example.com', 'TXT', `linkdrop-verify=${tokenOf(theirs.body)}`);
    publish('race.example.com', tokenOf(mine.body));
    await verify(b, theirs.body.data.id as number).expect(200);
    const lost = await verify(a, mine.body.data.id as number).expect(200);
    expect(lost.body.data.status).toBe('failed');
    const c = await createAccount(t);
    const taken = await add(c, 'race.example.com').expect(409);
    expect(taken.body.error).toBe('domain_taken');
    const foreign = await t.api().get(`/api/v1/custom-domains/${theirs.body.data.id}`).set(a.auth);
    expect(foreign.status).toBe(404);
  });

  it('should refuse bad hosts, operator domains and more domains than the plan allows', async () => {
    const c = await createAccount(t);
    for (const host of [
      '203.0.113.7',
      '[::1]',
      'a.example.com:8080',
      'localhost',
      'x',
      'http://a.example.com',
      `${'a'.repeat(290)}.com`,
      'a..b.com',
      '-a.example.com',
    ]) {
      const res = await add(c, host);
      expect([host, res.status, res.body.error]).toEqual([host, 400, 'validation_failed']);
    }
    expect((await add(c, 'sub.localhost')).status).toBe(400);
    const operator = await add(c, 'localhost:3000');
    expect(operator.status).toBe(400);
    const idn = await add(c, 'Bücher.example').expect(201);
    expect(idn.body.data.host).toBe('xn--bcher-kva.example');
    const limit = await add(c, 'second.example').expect(403);
    expect(limit.body.error).toBe('plan_limit');
  });

  it('should re-check in the background and mark a domain lost after 3 days without its TXT', async () => {
    const host = 'fading.example.net';
    const id = await verified(a, host);
    await t
      .api()
      .post('/api/v1/shorten')
      .set(a.auth)
      .send({ domain: host, target_url: 'https://example.com/f', custom_slug: 'fade' })
      .expect(200);
    dns.remove(`_linkdrop.${host}`);
    const checks = t.app.get(CustomDomainsService);
    t.clock.advance(DAY + 60_000);
    await checks.recheckDue();
    const still = await t.api().get(`/api/v1/custom-domains/${id}`).set(a.auth).expect(200);
    expect(still.body.data.status).toBe('verified');
    await t.api().get('/fade').set('Host', host).expect(302);
    for (let day = 0; day < 3; day++) {
      t.clock.advance(DAY + 60_000);
      await checks.recheckDue();
    }
    const lost = await t.api().get(`/api/v1/custom-domains/${id}`).set(a.auth).expect(200);
    expect(lost.body.data.status).toBe('lost');
    await t.api().get('/fade').set('Host', host).expect(404);
    // Published again, it comes back with its shares.
    publish(host, tokenOf(lost.body));
    await verify(a, id).expect(200);
    await t.api().get('/fade').set('Host', host).expect(302);
  });

  it('should refuse to delete a domain with shares unless forced, and then delete them', async () => {
    const host = 'gone.example.net';
    const id = await verified(a, host);
    const link = await t
      .api()
      .post('/api/v1/shorten')
      .set(a.auth)
      .send({ domain: host, target_url: 'https://example.com/g', custom_slug: 'g1' })
      .expect(200);
    const refused = await t.api().delete(`/api/v1/custom-domains/${id}`).set(a.auth).expect(409);
    expect(refused.body).toMatchObject({ error: 'domain_in_use', data: { shares: 1 } });
    await t.api().delete(`/api/v1/custom-domains/${id}?force=true`).set(a.auth).expect(200);
    await t.api().get(`/api/v1/links/${link.body.data.id}`).set(a.auth).expect(404);
    await t.api().get('/g1').set('Host', host).expect(404);
    const lists = await t.api().get('/api/v1/domains').set(a.auth).expect(200);
    expect(lists.body.data.domains).not.toContain(host);
  });
});
