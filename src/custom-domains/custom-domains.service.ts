import { UnitOfWork } from '../database/unit-of-work';
import { Outbox } from '../outbox/outbox';
import type { EventType } from '../outbox/event-types';
import { Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import type { AuthenticatedAccount } from '../auth/authenticated-account';
import { Clock } from '../common/clock';
import { DomainError, notFound } from '../common/errors/domain-error';
import { Env } from '../config/env';
import { LinksService } from '../links/links.service';
import { normalizeUrl } from '../links/link-values';
import { DomainsService, normalizeHost } from '../domains/domains.service';
import { CustomDomain } from './custom-domain.entity';
import { CustomDomainsRepository } from './custom-domains.repository';
import { CustomDomainsState } from './custom-domains.state';
import { DnsChecker, RecordCheck } from './dns-checker';
import { CustomDomainDto } from './dto/custom-domain.dto';
import { normalizeCustomHost } from './host-rules';
import { nextCheck } from './recheck-rules';
import { PlanLimits } from '../auth/plans/plan-limits';

/** An account's own domains: claimed, proven through a DNS TXT record, served, given up. */
@Injectable()
export class CustomDomainsService {
  private readonly allowedParents: string[];

  constructor(
    private readonly repo: CustomDomainsRepository,
    private readonly domains: DomainsService,
    private readonly state: CustomDomainsState,
    private readonly dns: DnsChecker,
    private readonly links: LinksService,
    private readonly clock: Clock,
    private readonly limits: PlanLimits,
    private readonly uow: UnitOfWork,
    private readonly outbox: Outbox,
    env: Env,
  ) {
    this.allowedParents = (env.CUSTOM_DOMAIN_ALLOW_SUBDOMAINS ?? '')
      .split(',')
      .map(normalizeHost)
      .filter(Boolean);
  }

  async add(account: AuthenticatedAccount, input: string): Promise<CustomDomainDto> {
    const host = normalizeCustomHost(input);
    this.assertNotOperators(host);
    if (await this.repo.ownOnHost(host, account.id)) {
      throw new DomainError(409, 'conflict', `You have added ${host} already`);
    }
    const others = await this.repo.othersOnHost(host, account.id);
    if (others.some((c) => c.status === 'verified' || c.status === 'lost')) {
      throw new DomainError(409, 'domain_taken', `${host} belongs to another account`);
    }
    this.limits.checkCustomDomain(account, await this.repo.countByAccount(account.id));
    const now = this.clock.now();
    const claim = await this.repo.insert({
      accountId: account.id,
      host,
      token: randomBytes(16).toString('hex'),
      nextCheckAt: new Date(now + 60_000),
    });
    await this.state.changed();
    return this.toDto(claim);
  }

  async list(accountId: number): Promise<CustomDomainDto[]> {
    return (await this.repo.listByAccount(accountId)).map((d) => this.toDto(d));
  }

  async get(accountId: number, id: number): Promise<CustomDomainDto> {
    return this.toDto(await this.owned(accountId, id));
  }

  async update(
    accountId: number,
    id: number,
    changes: { rootRedirectUrl?: string | null; notFoundRedirectUrl?: string | null },
  ): Promise<CustomDomainDto> {
    const claim = await this.owned(accountId, id);
    const url = (v: string | null | undefined, field: string) => (v ? normalizeUrl(v, field) : v);
    const values = {
      ...(changes.rootRedirectUrl !== undefined && {
        rootRedirectUrl: url(changes.rootRedirectUrl, 'root_redirect_url'),
      }),
      ...(changes.notFoundRedirectUrl !== undefined && {
        notFoundRedirectUrl: url(changes.notFoundRedirectUrl, 'not_found_redirect_url'),
      }),
    };
    await this.repo.update(claim.id, values);
    await this.state.changed();
    return this.toDto({ ...claim, ...values });
  }

  /** Looks the records up now, and answers what was expected and what was found. */
  async verify(accountId: number, id: number): Promise<CustomDomainDto> {
    const claim = await this.owned(accountId, id);
    const checks = await this.dns.check(claim.host, claim.token);
    return this.toDto(await this.apply(claim, checks), checks);
  }

  /** Refused while shares live on it, unless `force`: then they go too (files with their bytes). */
  async delete(accountId: number, id: number, force: boolean) {
    return this.remove(await this.owned(accountId, id), force);
  }

  /** Every account's claims, newest first, for the admin area. */
  async listAll(): Promise<Array<CustomDomainDto & { account_id: number }>> {
    const claims = await this.repo.listAll();
    return claims.reverse().map((c) => ({ ...this.toDto(c), account_id: c.accountId }));
  }

  /** An admin removes any claim, with whatever lives on its host. */
  async removeAny(id: number) {
    const claim = await this.repo.getById(id);
    if (!claim) throw notFound('Custom domain');
    return this.remove(claim, true);
  }

  private async remove(claim: CustomDomain, force: boolean) {
    if (claim.domainId !== null) {
      const shares = await this.links.countOnDomain(claim.domainId);
      if (shares > 0 && !force) {
        throw new DomainError(
          409,
          'domain_in_use',
          `${shares} share(s) live on ${claim.host}; delete them or pass force=true`,
          { shares },
        );
      }
      await this.links.removeAllOnDomain(claim.domainId);
    }
    await this.repo.delete(claim.id);
    if (claim.domainId !== null) await this.domains.removeCustom(claim.domainId);
    await this.state.changed();
    return { id: claim.id, deleted: true as const };
  }

  /** The background check: claims whose time has come (see recheck-rules). */
  async recheckDue(limit = 50): Promise<number> {
    const due = await this.repo.dueForCheck(new Date(this.clock.now()), limit);
    for (const claim of due) await this.apply(claim, await this.dns.check(claim.host, claim.token));
    return due.length;
  }

  /**
   * What a check means for a claim. The TXT record decides; the routing record is only
   * reported (a proxy may hide it). A failed lookup decides nothing and is tried again soon.
   */
  private async apply(claim: CustomDomain, checks: RecordCheck[]): Promise<CustomDomain> {
    const now = this.clock.now();
    const txt = checks[0];
    const next: Partial<CustomDomain> = { checkedAt: new Date(now) };
    if (txt.error) {
      next.nextCheckAt = new Date(now + 5 * 60_000);
    } else if (claim.status === 'pending' || claim.status === 'failed') {
      if (txt.ok) Object.assign(next, await this.claimHost(claim, now));
      else Object.assign(next, nextCheck(claim, now));
    } else if (txt.ok) {
      Object.assign(next, {
        status: 'verified',
        txtMissingSince: null,
        nextCheckAt: new Date(now + 86_400_000),
      });
    } else {
      const since = claim.txtMissingSince?.getTime() ?? now;
      const lost = now - since >= 3 * 86_400_000;
      Object.assign(next, {
        status: lost ? 'lost' : claim.status,
        txtMissingSince: new Date(since),
        nextCheckAt: new Date(now + 86_400_000),
      });
    }
    const updated = { ...claim, ...next };
    const became = updated.status !== claim.status ? DOMAIN_EVENTS[updated.status] : undefined;
    await this.uow.run(async (tx) => {
      await this.repo.update(claim.id, next, tx);
      if (became) {
        const event = { accountId: claim.accountId, resource: { type: 'domain', id: claim.id } };
        await this.outbox.record({ ...event, type: became, data: this.toDto(updated) }, tx);
      }
    });
    if (updated.status !== claim.status) await this.state.changed();
    return updated;
  }

  /**
   * An operator's host, or a name under one, belongs to the operator: unless its parent is listed
   * in CUSTOM_DOMAIN_ALLOW_SUBDOMAINS (`links.example.com` lets accounts claim `a.links.example.com`).
   */
  private assertNotOperators(host: string): void {
    const op = this.domains.operatorOwns(host, this.allowedParents);
    if (op === host) throw new DomainError(409, 'domain_taken', `${host} is an operator domain`);
    if (op)
      throw new DomainError(409, 'domain_taken', `${host} is under the operator domain ${op}`);
  }

  /**
   * First to verify wins: the host's domain row is this account's, or the claim fails. A claim
   * made before its host became the operator's fails too.
   */
  private async claimHost(claim: CustomDomain, now: number): Promise<Partial<CustomDomain>> {
    if (this.domains.operatorOwns(claim.host, this.allowedParents)) {
      return { status: 'failed', nextCheckAt: null };
    }
    const others = await this.repo.othersOnHost(claim.host, claim.accountId);
    const taken = others.some((c) => c.status === 'verified' || c.status === 'lost');
    const domain = taken ? null : await this.domains.ensureCustom(claim.host, claim.accountId);
    if (!domain) return { status: 'failed', nextCheckAt: null };
    for (const other of others) {
      await this.repo.update(other.id, { status: 'failed', nextCheckAt: null });
    }
    return {
      status: 'verified',
      domainId: domain.id,
      verifiedAt: new Date(now),
      txtMissingSince: null,
      nextCheckAt: new Date(now + 86_400_000),
    };
  }

  private async owned(accountId: number, id: number): Promise<CustomDomain> {
    const claim = await this.repo.getOwned(id, accountId);
    if (!claim) throw notFound('Custom domain');
    return claim;
  }

  private toDto(claim: CustomDomain, checks?: RecordCheck[]): CustomDomainDto {
    return CustomDomainDto.from(claim, checks ?? this.dns.expected(claim.host, claim.token));
  }
}

/** The changes of a claim's status that its owner's subscribers hear of. */
const DOMAIN_EVENTS: Partial<Record<string, EventType>> = {
  verified: 'domain.verified',
  lost: 'domain.lost',
};
