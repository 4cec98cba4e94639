import type { IncomingHttpHeaders } from 'node:http';
import type { Agent } from '../../analytics/capture/user-agents';
import type { VisitorSignals } from '../../analytics/capture/visitor-signals';

/** Where a request's traits come from: analytics' own readings, and its visitor hash. */
export interface TraitSources {
  signals: VisitorSignals;
  visitorHash(at: number, ip: string, userAgent: string | undefined): string;
}

/**
 * One request's visitor, as redirect rules see it: each trait is read the first time a rule asks
 * for it, then kept (a link whose rules look only at the device never looks its country up).
 */
export class VisitorTraits {
  private agentOf?: Agent;
  private ipOf?: string;
  private countryOf?: string | null;
  private languagesOf?: string[];
  private queryOf?: URLSearchParams;
  private hashOf?: string;

  constructor(
    readonly headers: IncomingHttpHeaders,
    private readonly remoteAddress: string | undefined,
    /** The path and query string as sent. */
    readonly url: string,
    readonly now: number,
    private readonly sources: TraitSources,
  ) {}

  get agent(): Agent {
    return (this.agentOf ??= this.sources.signals.agents.parse(this.headers['user-agent'] ?? ''));
  }

  get ip(): string {
    return (this.ipOf ??= this.sources.signals.clientIp(this.headers, this.remoteAddress));
  }

  get country(): string | null {
    if (this.countryOf === undefined) {
      this.countryOf = this.sources.signals.country(this.headers, this.ip);
    }
    return this.countryOf;
  }

  /** The languages the visitor prefers most (all those of the highest quality), lower-cased. */
  get languages(): string[] {
    return (this.languagesOf ??= preferredLanguages(this.headers['accept-language']));
  }

  get query(): URLSearchParams {
    if (!this.queryOf) {
      const q = this.url.indexOf('?');
      this.queryOf = new URLSearchParams(q === -1 ? '' : this.url.slice(q + 1));
    }
    return this.queryOf;
  }

  /** The day's salted visitor hash, as analytics stores the visit under. */
  get visitorHash(): string {
    return (this.hashOf ??= this.sources.visitorHash(
      this.now,
      this.ip,
      this.headers['user-agent'],
    ));
  }
}

/**
 * `fr-CH, fr;q=0.9, en;q=0.8` → `['fr-ch']`: the tags of the highest quality (q=0 is "not
 * this one"; `*` is no language).
 */
export function preferredLanguages(header: string | undefined): string[] {
  if (!header) return [];
  let best = 0;
  let tags: string[] = [];
  for (const part of header.split(',')) {
    const [tag, ...params] = part.trim().toLowerCase().split(';');
    if (!tag || tag === '*') continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!(q > 0)) continue;
    if (q > best) {
      best = q;
      tags = [tag];
    } else if (q === best) {
      tags.push(tag);
    }
  }
  return tags;
}
