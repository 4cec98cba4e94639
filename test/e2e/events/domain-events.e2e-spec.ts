import { CustomDomainsService } from '../../../src/custom-domains/custom-domains.service';
import { EventHistory } from '../../../src/outbox/event-history';
import { createAccount, TestAccount } from '../../factories/account.factory';
import { createTestApp, TestApp } from '../../utils/create-test-app';
import { customDomains } from '../../utils/custom-domains';
import { TestDnsServer } from '../../utils/dns-server';

const DAY = 86_400_000;

describe('Domain events, through a DNS server on loopback', () => {
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

  const { verified } = customDomains(
    () => t,
    () => dns,
  );
  const domainEvents = async () =>
    (await t.app.get(EventHistory).list({ accountId: a.id, action: 'domain' }, 1, 10)).reverse();

  it('should record a domain verified once, and lost once after three days without its TXT', async () => {
    const host = 'events.example.net';
    const id = await verified(a, host);
    let events = await domainEvents();
    expect(events.map((e) => e.type)).toEqual(['domain.verified']);
    expect(JSON.parse(events[0].data)).toMatchObject({ id, host, status: 'verified' });
    dns.remove(`_linkdrop.${host}`);
    const checks = t.app.get(CustomDomainsService);
    for (let day = 0; day < 5; day++) {
      t.clock.advance(DAY + 60_000);
      await checks.recheckDue();
    }
    events = await domainEvents();
    expect(events.map((e) => [e.type, e.actorType, e.client])).toEqual([
      ['domain.verified', 'token', 'api'],
      // The background re-check: the service's own doing.
      ['domain.lost', 'system', null],
    ]);
  });
});
