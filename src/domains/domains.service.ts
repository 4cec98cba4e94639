import { isIP } from 'node:net';
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
 * A host's name whatever its spelling: lower case, no port at all, no trailing dot
 * (`Pend.Example.:8080` is `pend.example`). Claims and operator hosts are compared by it.
 */
export const hostName = (host: string) =>
  host.trim().toLowerCase().replace(/:\d*$/, '').replace(/\.$/, '');

/** Answers remembered per spelling of `Host`; cleared when full (random hosts cost one miss). */
const REQUEST_MEMO_MAX = 1000;

/** What a kind of share may live on: links and bio pages (SHORT_DOMAINS), texts, files. */
export type ShareKind = 'redirect' | 'text' | 'file' | 'bio' | 'bundle';

/** What a verified custom domain does at `/` and at an unknown slug. */
export interface DomainSettings {
  rootRedirectUrl: string | null;
  notFoundRedirectUrl: string | null;
}

/**
 * The hosts shares live on: the operator's (SHORT_DOMAINS, TEXT_DOMAINS, FILE_DOMAINS) and the
 * accounts' verified custom domains. The table is tiny and changes rarely, so it is held in
 * memory and the redirect path never queries it; custom domains tell it their state.
 */
@Injectable()
export class DomainsService implements OnModuleInit {
  private byHost = new Map<string, Domain>();
  private byId = new Map<number, Domain>();
  private defaultDomain!: Domain;
  /** Hosts claimed but not (or no longer) verified: they serve nothing, not even the default. */
  private blocked = new Set<string>();
  private settings = new Map<number, DomainSettings>();
  /** `Host` header as sent → the domain it serves (null: nothing), for the redirect path. */
  private requestMemo = new Map<string, Domain | null>();
  /** Every name the service itself serves or hands out: never a custom domain's. */
  private readonly operatorNames: Set<string>;
  readonly scheme: string;

  constructor(
    private readonly domains: DomainsRepository,
    private readonly env: Env,
  ) {
    this.scheme = new URL(env.PUBLIC_URL).protocol.replace(':', '');
    const targets = (env.CUSTOM_DOMAIN_TARGET ?? '').split(',').filter((t) => !isIP(t.trim()));
    this.operatorNames = new Set(
      [
        ...this.systemHosts(),
        new URL(env.PUBLIC_URL).host,
        ...(env.FILES_PUBLIC_URL ? [new URL(env.FILES_PUBLIC_URL).host] : []),
        ...targets,
      ]
        .map(hostName)
        .filter(Boolean),
    );
  }

  /**
   * Whether a name is the operator's, or under one of the operator's names (unless its parent
   * is in `allowedParents`): such names can never be claimed as custom domains.
   */
  operatorOwns(name: string, allowedParents: string[] = []): string | null {
    for (const op of this.operatorNames) {
      if (name === op) return op;
      if (name.endsWith(`.${op}`) && !allowedParents.some((p) => name.endsWith(`.${p}`))) {
        return op;
      }
    }
    return null;
  }

  /** The operator's hosts for a kind of share, the default first (all kinds when none given). */
  systemHosts(kind?: ShareKind): string[] {
    const list = (v: string | undefined) => v?.split(',').map(normalizeHost).filter(Boolean);
    const short = list(this.env.SHORT_DOMAINS)?.length
      ? list(this.env.SHORT_DOMAINS)!
      : [new URL(this.env.PUBLIC_URL).host];
    const text = list(this.env.TEXT_DOMAINS)?.length ? list(this.env.TEXT_DOMAINS)! : short;
    const file = list(this.env.FILE_DOMAINS)?.length ? list(this.env.FILE_DOMAINS)! : short;
    if (kind === 'text') return text;
    if (kind === 'file' || kind === 'bundle') return file;
    if (kind === 'redirect' || kind === 'bio') return short;
    return [...new Set([...short, ...text, ...file])];
  }

  async onModuleInit(): Promise<void> {
    for (const host of this.systemHosts()) await this.domains.ensureSystem(host);
    await this.reload();
  }

  /** Reads the domain rows again (after a custom domain was verified or deleted). */
  async reload(): Promise<void> {
    // A custom row on an operator's name (claimed before that name was the operator's) is inert.
    const all = (await this.domains.listAll()).filter(
      (d) => d.accountId === null || !this.operatorNames.has(hostName(d.host)),
    );
    this.requestMemo.clear();
    this.byHost = new Map(all.map((d) => [d.host, d]));
    this.byId = new Map(all.map((d) => [d.id, d]));
    this.defaultDomain = this.byHost.get(this.systemHosts()[0])!;
  }

  /** The custom domains' state: which hosts serve (and how), which are claimed and must not. */
  applyCustom(blockedHosts: Iterable<string>, settings: Map<number, DomainSettings>): void {
    this.blocked = new Set([...blockedHosts].filter((h) => !this.operatorNames.has(h)));
    this.settings = settings;
    this.requestMemo.clear();
  }

  /** The serving row of a verified custom domain (created once, kept through re-verifications). */
  async ensureCustom(host: string, accountId: number): Promise<Domain | null> {
    const id = await this.domains.ensureCustom(host, accountId);
    await this.reload();
    return id === null ? null : (this.byId.get(id) ?? null);
  }

  async removeCustom(domainId: number): Promise<void> {
    await this.domains.delete(domainId);
    await this.reload();
  }

  /**
   * The domain a new share of this account goes on: the kind's default when none is named; an
   * operator domain of that kind, or the account's own verified custom domain; else a 400.
   */
  forCreate(host: string | undefined, accountId: number, kind?: ShareKind): Domain {
    if (host === undefined || host === '') {
      return kind
        ? (this.byHost.get(this.systemHosts(kind)[0]) ?? this.defaultDomain)
        : this.defaultDomain;
    }
    const name = normalizeHost(host);
    const domain = this.byHost.get(name);
    const allowed =
      domain &&
      !this.blocked.has(name) &&
      (domain.accountId === null
        ? !kind || this.systemHosts(kind).includes(name)
        : domain.accountId === accountId);
    if (!allowed) {
      throw new DomainError(
        400,
        'domain_not_allowed',
        `Domain "${host}" is not available; use one of: ${this.systemHosts(kind).join(', ')}`,
      );
    }
    return domain;
  }

  /**
   * The domain a request's Host header names, whatever its spelling (case, port, trailing dot);
   * an unknown host falls back to the default, a host claimed but not verified (or lost) is
   * null: it serves nothing.
   */
  forRequest(host: string | undefined): Domain | null {
    if (!host) return this.defaultDomain;
    const memo = this.requestMemo.get(host);
    if (memo !== undefined) return memo;
    if (this.requestMemo.size >= REQUEST_MEMO_MAX) this.requestMemo.clear();
    const domain = this.resolve(host);
    this.requestMemo.set(host, domain);
    return domain;
  }

  private resolve(host: string): Domain | null {
    const name = hostName(host);
    if (this.blocked.has(name)) return null;
    const d =
      this.byHost.get(host) ?? this.byHost.get(normalizeHost(host)) ?? this.byHost.get(name);
    return d ?? this.defaultDomain;
  }

  /** Whether the host is one of ours that serves: an operator's or a verified custom domain. */
  serves(host: string): boolean {
    const name = hostName(host);
    if (this.operatorNames.has(name)) return true;
    return this.byHost.has(name) && !this.blocked.has(name);
  }

  /** Whether the host is a verified custom domain (not an operator's). */
  isCustom(host: string): boolean {
    const d = this.forRequest(host);
    return d !== null && d.accountId !== null;
  }

  settingsOf(domainId: number): DomainSettings | undefined {
    return this.settings.get(domainId);
  }

  /** Verified custom hosts of an account, oldest first. */
  customHostsOf(accountId: number): string[] {
    return [...this.byId.values()]
      .filter((d) => d.accountId === accountId && !this.blocked.has(d.host))
      .map((d) => d.host);
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
