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
  private queryOf?: Map<string, string[]>;
  private hashOf?: string;
  /** The agent's OS and browser as rules name them (compile-routing fills it once a request). */
  keys?: { os: string | null; browser: string | null };

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
    return (this.languagesOf ??= languagesOf(this.headers['accept-language']));
  }

  /** The query's parameters, each name with its values (decoded as URLSearchParams would). */
  get query(): Map<string, string[]> {
    return (this.queryOf ??= parseQuery(this.url));
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

const LANGUAGE_CACHE = 1000;
const languageCache = new Map<string, string[]>();

/** Browsers send a handful of distinct headers: each is parsed once. */
function languagesOf(header: string | undefined): string[] {
  if (!header) return [];
  let tags = languageCache.get(header);
  if (!tags) {
    tags = preferredLanguages(header);
    if (languageCache.size >= LANGUAGE_CACHE) languageCache.clear();
    languageCache.set(header, tags);
  }
  return tags;
}

const decode = (s: string) => {
  if (s.indexOf('%') === -1 && s.indexOf('+') === -1) return s;
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '));
  } catch {
    return s;
  }
};

/** `a=1&b&a=2` of a path's query → a → [1, 2], b → [''] (URLSearchParams costs far more). */
export function parseQuery(url: string): Map<string, string[]> {
  const params = new Map<string, string[]>();
  const q = url.indexOf('?');
  if (q === -1) return params;
  for (const pair of url.slice(q + 1).split('&')) {
    if (!pair) continue;
    const eq = pair.indexOf('=');
    const name = decode(eq === -1 ? pair : pair.slice(0, eq));
    const value = eq === -1 ? '' : decode(pair.slice(eq + 1));
    const values = params.get(name);
    if (values) values.push(value);
    else params.set(name, [value]);
  }
  return params;
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
