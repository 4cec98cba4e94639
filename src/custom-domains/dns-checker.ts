import { Injectable } from '@nestjs/common';
import { Resolver } from 'node:dns/promises';
import { isIP } from 'node:net';
import { Env } from '../config/env';

export interface RecordCheck {
  purpose: 'verify' | 'route';
  type: 'TXT' | 'CNAME' | 'A' | 'AAAA';
  name: string;
  value: string;
  /** What the DNS answered for that name and type ([] for nothing). */
  found: string[];
  ok: boolean;
  /** Set when the lookup itself failed (a timeout, a refusing server): not a verdict. */
  error?: string;
}

/** Answers that mean "no such record", not "the lookup failed". */
const NONE = new Set(['ENODATA', 'ENOTFOUND', 'ENONAME', 'NXDOMAIN']);

/**
 * The records a custom domain must have, and what the DNS says about them now. Lookups go to
 * DNS_SERVERS (tests run a DNS server on loopback), otherwise to the system's resolvers.
 */
@Injectable()
export class DnsChecker {
  private readonly resolver = new Resolver({ timeout: 2000, tries: 2 });
  private readonly target: string[];

  constructor(env: Env) {
    if (env.DNS_SERVERS) this.resolver.setServers(env.DNS_SERVERS.split(',').map((s) => s.trim()));
    this.target = (env.CUSTOM_DOMAIN_TARGET ?? new URL(env.PUBLIC_URL).hostname)
      .split(',')
      .map((t) => t.trim().toLowerCase())
      .filter(Boolean);
  }

  /** The records to publish: the TXT that proves ownership, then where the host should point. */
  expected(host: string, token: string): Omit<RecordCheck, 'found' | 'ok'>[] {
    const verify = {
      purpose: 'verify' as const,
      type: 'TXT' as const,
      name: `_linkdrop.${host}`,
      value: `linkdrop-verify=${token}`,
    };
    const route = this.target.map((t) => ({
      purpose: 'route' as const,
      type: isIP(t) === 4 ? ('A' as const) : isIP(t) === 6 ? ('AAAA' as const) : ('CNAME' as const),
      name: host,
      value: t,
    }));
    return [verify, ...route];
  }

  /** Looks every expected record up now. */
  async check(host: string, token: string): Promise<RecordCheck[]> {
    return Promise.all(
      this.expected(host, token).map(async (r) => {
        try {
          const found = await this.lookup(r.type, r.name);
          const want = r.value.toLowerCase();
          return { ...r, found, ok: found.some((f) => f.toLowerCase() === want) };
        } catch (e) {
          return {
            ...r,
            found: [],
            ok: false,
            error: (e as NodeJS.ErrnoException).code ?? 'ERROR',
          };
        }
      }),
    );
  }

  private async lookup(type: RecordCheck['type'], name: string): Promise<string[]> {
    try {
      if (type === 'TXT') return (await this.resolver.resolveTxt(name)).map((c) => c.join(''));
      if (type === 'CNAME') {
        return (await this.resolver.resolveCname(name)).map((n) => n.replace(/\.$/, ''));
      }
      return type === 'A' ? await this.resolver.resolve4(name) : await this.resolver.resolve6(name);
    } catch (e) {
      if (NONE.has((e as NodeJS.ErrnoException).code ?? '')) return [];
      throw e;
    }
  }
}
