import { Injectable, OnModuleInit } from '@nestjs/common';
import { Env } from '../config/env';
import { DomainError } from '../common/errors/domain-error';
import { Domain } from './domain.entity';
import { DomainsRepository } from './domains.repository';

/** Lower case, no trailing dot, no default port (`Short.Example.:80` is `short.example`). */
export const normalizeHost = (host: string) =>
  host
    .trim()
    .toLowerCase()
    .replace(/:(80|443)$/, '')
    .replace(/\.$/, '');

/**
 * The hosts short links live on. The table is tiny and changes rarely, so it is held in memory
 * and the redirect path never queries it.
 */
@Injectable()
export class DomainsService implements OnModuleInit {
  private byHost = new Map<string, Domain>();
  private byId = new Map<number, Domain>();
  private defaultDomain!: Domain;
  readonly scheme: string;

  constructor(
    private readonly domains: DomainsRepository,
    private readonly env: Env,
  ) {
    this.scheme = new URL(env.PUBLIC_URL).protocol.replace(':', '');
  }

  systemHosts(): string[] {
    const configured = this.env.SHORT_DOMAINS?.split(',').map(normalizeHost).filter(Boolean);
    return configured?.length ? configured : [new URL(this.env.PUBLIC_URL).host];
  }

  async onModuleInit(): Promise<void> {
    for (const host of this.systemHosts()) await this.domains.ensureSystem(host);
    await this.reload();
  }

  private async reload(): Promise<void> {
    const all = await this.domains.listAll();
    this.byHost = new Map(all.map((d) => [d.host, d]));
    this.byId = new Map(all.map((d) => [d.id, d]));
    this.defaultDomain = this.byHost.get(this.systemHosts()[0])!;
  }

  /** The domain a new link of this account goes on; unknown or foreign hosts are refused. */
  forCreate(host: string | undefined, accountId: number): Domain {
    if (host === undefined || host === '') return this.defaultDomain;
    const domain = this.byHost.get(normalizeHost(host));
    if (!domain || (domain.accountId !== null && domain.accountId !== accountId)) {
      throw new DomainError(
        400,
        'domain_not_allowed',
        `Domain "${host}" is not available; use one of: ${this.systemHosts().join(', ')}`,
      );
    }
    return domain;
  }

  /** The domain a request's Host header names; an unknown host falls back to the default. */
  forRequest(host: string | undefined): Domain {
    if (!host) return this.defaultDomain;
    // Hosts arrive lower-case nearly always: skip the normalising allocation on the hot path.
    return this.byHost.get(host) ?? this.byHost.get(normalizeHost(host)) ?? this.defaultDomain;
  }

  /** The domains whose orphan visits an account may see: its own; an admin's, every one. */
  visibleTo(accountId: number, isAdmin: boolean): Domain[] {
    return [...this.byId.values()].filter((d) => isAdmin || d.accountId === accountId);
  }

  hostOf(domainId: number): string {
    return this.byId.get(domainId)?.host ?? this.defaultDomain.host;
  }

  shortUrl(domainId: number, slug: string): string {
    return `${this.scheme}://${this.hostOf(domainId)}/${slug}`;
  }
}
