import { UnitOfWork } from '../database/unit-of-work';
import { Outbox } from '../outbox/outbox';
import { AccountsService } from '../auth/accounts.service';
import type { AuthenticatedAccount } from '../auth/authenticated-account';
import { PlanLimits } from '../auth/plans/plan-limits';
import { UsageService } from '../auth/plans/usage.service';
import { Env } from '../config/env';
import { DomainsService } from '../domains/domains.service';
import { LinksService } from '../links/links.service';
import type { CustomDomain } from './custom-domain.entity';
import { CustomDomainsRepository } from './custom-domains.repository';
import { CustomDomainsService } from './custom-domains.service';
import { CustomDomainsState } from './custom-domains.state';
import { DnsChecker, RecordCheck } from './dns-checker';

const DAY = 86_400_000;
let now = Date.parse('2026-11-26T12:00:00Z');

const claim = (over: Partial<CustomDomain> = {}): CustomDomain =>
  ({
    id: 1,
    accountId: 7,
    host: 'links.example.org',
    token: 't0k',
    status: 'pending',
    domainId: null,
    txtMissingSince: null,
    verifiedAt: null,
    checkedAt: null,
    rootRedirectUrl: null,
    notFoundRedirectUrl: null,
    createdAt: new Date(now),
    ...over,
  }) as CustomDomain;

const txt = (ok: boolean, error?: string): RecordCheck[] => [
  { purpose: 'verify', type: 'TXT', name: '_linkdrop.x', value: 't0k', found: [], ok, error },
];

describe('CustomDomainsService', () => {
  const repo = {
    ownOnHost: jest.fn(),
    othersOnHost: jest.fn(),
    countByAccount: jest.fn(),
    insert: jest.fn(),
    update: jest.fn(),
    getOwned: jest.fn(),
    delete: jest.fn(),
    dueForCheck: jest.fn(),
  };
  const domains = {
    operatorOwns: jest.fn(),
    ensureCustom: jest.fn(),
    removeCustom: jest.fn(),
  };
  const dns = { check: jest.fn(), expected: jest.fn(() => []) };
  const links = { countOnDomain: jest.fn(), removeAllOnDomain: jest.fn() };
  const state = { changed: jest.fn() };
  const outbox = { record: jest.fn() };
  const tx = {};
  const account = { id: 7, maxCustomDomains: 2 } as AuthenticatedAccount;
  let service: CustomDomainsService;

  beforeEach(() => {
    jest.resetAllMocks();
    dns.expected.mockReturnValue([]);
    domains.operatorOwns.mockReturnValue(null);
    repo.othersOnHost.mockResolvedValue([]);
    repo.insert.mockImplementation((v: Partial<CustomDomain>) => Promise.resolve(claim(v)));
    service = new CustomDomainsService(
      repo as unknown as CustomDomainsRepository,
      domains as unknown as DomainsService,
      state as unknown as CustomDomainsState,
      dns as unknown as DnsChecker,
      links as unknown as LinksService,
      { now: () => now },
      new PlanLimits({} as AccountsService, {} as UsageService),
      { run: (work: (t: unknown) => Promise<unknown>) => work(tx) } as unknown as UnitOfWork,
      outbox as unknown as Outbox,
      { CUSTOM_DOMAIN_ALLOW_SUBDOMAINS: 'u.example.net' } as Env,
    );
  });

  describe('adding a claim', () => {
    it('should store a pending claim with a fresh token, normalised', async () => {
      repo.countByAccount.mockResolvedValue(0);
      const dto = await service.add(account, ' Links.Example.org. ');
      expect(dto).toMatchObject({ host: 'links.example.org', status: 'pending' });
      const row = repo.insert.mock.calls[0][0] as CustomDomain;
      expect(row.token).toMatch(/^[0-9a-f]{32}$/);
      expect(state.changed).toHaveBeenCalled();
    });

    it("should refuse a host another account holds, an operator's host, and one past the plan", async () => {
      repo.othersOnHost.mockResolvedValueOnce([claim({ accountId: 8, status: 'verified' })]);
      await expect(service.add(account, 'links.example.org')).rejects.toMatchObject({
        code: 'domain_taken',
      });
      domains.operatorOwns.mockReturnValueOnce('example.com');
      await expect(service.add(account, 'a.example.com')).rejects.toMatchObject({
        code: 'domain_taken',
      });
      repo.countByAccount.mockResolvedValueOnce(2);
      await expect(service.add(account, 'b.example.org')).rejects.toMatchObject({
        status: 403,
        code: 'plan_limit',
      });
      expect(repo.insert).not.toHaveBeenCalled();
    });

    it('should refuse an address that is not a bare host name', async () => {
      for (const bad of ['https://x.org', 'x.org:8080', '10.0.0.1', 'a b.org']) {
        await expect(service.add(account, bad)).rejects.toMatchObject({ status: 400 });
      }
    });
  });

  describe('checking DNS', () => {
    it('should verify a pending claim whose TXT record is there, and fail the others on its host', async () => {
      repo.getOwned.mockResolvedValue(claim());
      repo.othersOnHost.mockResolvedValue([claim({ id: 2, accountId: 9, status: 'pending' })]);
      domains.ensureCustom.mockResolvedValue({ id: 40 });
      dns.check.mockResolvedValue(txt(true));
      const dto = await service.verify(7, 1);
      expect(dto.status).toBe('verified');
      expect(repo.update).toHaveBeenCalledWith(2, { status: 'failed', nextCheckAt: null });
      expect(repo.update).toHaveBeenCalledWith(
        1,
        expect.objectContaining({ status: 'verified', domainId: 40 }),
        tx,
      );
      expect(outbox.record).toHaveBeenCalledWith(
        expect.objectContaining({ type: 'domain.verified', accountId: 7 }),
        tx,
      );
    });

    it('should decide nothing on a failed lookup, and try again in five minutes', async () => {
      repo.getOwned.mockResolvedValue(claim({ status: 'verified', domainId: 40 }));
      dns.check.mockResolvedValue(txt(false, 'ETIMEOUT'));
      const dto = await service.verify(7, 1);
      expect(dto.status).toBe('verified');
      expect(repo.update).toHaveBeenCalledWith(
        1,
        { checkedAt: new Date(now), nextCheckAt: new Date(now + 5 * 60_000) },
        tx,
      );
      expect(outbox.record).not.toHaveBeenCalled();
    });

    it('should mark a verified claim lost only after its TXT record has been gone three days', async () => {
      const since = new Date(now - 2 * DAY);
      repo.getOwned.mockResolvedValue(claim({ status: 'verified', txtMissingSince: since }));
      dns.check.mockResolvedValue(txt(false));
      expect((await service.verify(7, 1)).status).toBe('verified');
      now += DAY;
      expect((await service.verify(7, 1)).status).toBe('lost');
    });

    it("should answer another account's claim as if it did not exist", async () => {
      repo.getOwned.mockResolvedValue(null);
      await expect(service.verify(8, 1)).rejects.toMatchObject({ status: 404 });
      expect(dns.check).not.toHaveBeenCalled();
    });
  });

  describe('deleting', () => {
    it('should refuse while shares live on the host, unless forced', async () => {
      repo.getOwned.mockResolvedValue(claim({ status: 'verified', domainId: 40 }));
      links.countOnDomain.mockResolvedValue(3);
      await expect(service.delete(7, 1, false)).rejects.toMatchObject({ code: 'domain_in_use' });
      expect(repo.delete).not.toHaveBeenCalled();
      await expect(service.delete(7, 1, true)).resolves.toEqual({ id: 1, deleted: true });
      expect(links.removeAllOnDomain).toHaveBeenCalledWith(40);
      expect(domains.removeCustom).toHaveBeenCalledWith(40);
    });
  });
});
