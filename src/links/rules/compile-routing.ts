import { BlockList, isIP } from 'node:net';
import type { LinkRule, LinkUtm, LinkVariant, RuleCondition } from './rule-types';
import { UTM_FIELDS } from './rule-types';
import type { VisitorTraits } from './visitor-traits';
import type { Agent } from '../../analytics/capture/user-agents';

/** Where a visit goes, and which A/B variant it was (for the stats). */
export interface Routed {
  location: string;
  variant: string | null;
}

/** A link's rules, split and query forwarding made into functions once (cached with the link). */
export interface Routing {
  route(t: VisitorTraits): Routed;
  /** What the answer varies with, for the `Vary` header. */
  vary: string | null;
}

/** What routing needs of a link (its row's fields). */
export interface RoutingSource {
  id: number;
  targetUrl: string;
  rules: LinkRule[] | null;
  variants: LinkVariant[] | null;
  utm: LinkUtm | null;
  forwardQuery: boolean;
  visitorQueryWins: boolean;
  /** Set while a watched target is broken: the link's own target gives way to it. */
  fallbackUrl: string | null;
}

type Test = (t: VisitorTraits) => boolean;
type Pick = (t: VisitorTraits) => Routed;

/** The target with the link's UTM fields set on it (they replace the target's own `utm_`). */
export function withUtm(url: string, utm: LinkUtm | null): string {
  if (!utm || !UTM_FIELDS.some((f) => utm[f])) return url;
  const u = new URL(url);
  for (const f of UTM_FIELDS) if (utm[f]) u.searchParams.set(`utm_${f}`, utm[f]);
  return u.href;
}

/** Where the link's own target sends a visit when nothing decides otherwise (no routing). */
export function plainLocation(link: RoutingSource): string {
  return link.fallbackUrl ?? withUtm(link.targetUrl, link.utm);
}

/** Null when the link routes every visit to one place: the plain location then serves. */
export function compileRouting(link: RoutingSource): Routing | null {
  const rules = link.rules ?? [];
  const split = link.fallbackUrl ? null : link.variants?.length ? link.variants : null;
  if (rules.length === 0 && !split && !link.forwardQuery) return null;
  const own = plainLocation(link);
  const fallback: Pick = split
    ? splitPick(split, link.utm, link.id, '')
    : () => ({ location: own, variant: null });
  const compiled = rules.map((rule, i) => ({
    test: allOf(byCost(rule.conditions).map(condition)),
    pick: rule.variants?.length
      ? splitPick(rule.variants, link.utm, link.id, `r${i + 1}.`)
      : fixed(withUtm(rule.target_url, link.utm)),
  }));
  const forward = link.forwardQuery ? forwarder(link.visitorQueryWins) : null;
  return {
    route(t) {
      let routed: Routed | undefined;
      for (let i = 0; i < compiled.length; i++) {
        if (compiled[i].test(t)) {
          routed = compiled[i].pick(t);
          break;
        }
      }
      routed ??= fallback(t);
      return forward
        ? { location: forward(routed.location, t.url), variant: routed.variant }
        : routed;
    },
    vary: varyOf(rules, split !== null),
  };
}

const fixed = (location: string): Pick => {
  const routed = { location, variant: null };
  return () => routed;
};

/** What a condition costs to test, cheapest first: the time, then what is parsed once per
 *  request, the address last (a country is a database lookup). */
const COST: Record<RuleCondition['type'], number> = {
  before: 0,
  after: 0,
  query: 1,
  device: 2,
  os: 2,
  browser: 2,
  language: 3,
  ip: 4,
  country: 5,
};

/** A rule's conditions all must match: tested cheapest first, the order they match in is moot. */
const byCost = (conditions: RuleCondition[]) =>
  [...conditions].sort((a, b) => COST[a.type] - COST[b.type]);

const allOf = (tests: Test[]): Test =>
  tests.length === 1
    ? tests[0]
    : (t) => {
        for (let i = 0; i < tests.length; i++) if (!tests[i](t)) return false;
        return true;
      };

/** An agent's OS and browser as rules name them, worked out once per parsed agent. */
const agentKeys = new WeakMap<Agent, { os: string | null; browser: string | null }>();
function keysOf(agent: Agent) {
  let keys = agentKeys.get(agent);
  if (!keys) {
    keys = { os: osKey(agent.os), browser: browserKey(agent.browser) };
    agentKeys.set(agent, keys);
  }
  return keys;
}

/**
 * Weighted variants; a visitor is placed by the day's visitor hash (so one person sees one
 * variant all day), mixed with the link and the split so that splits do not move together.
 */
function splitPick(variants: LinkVariant[], utm: LinkUtm | null, linkId: number, label: string) {
  const total = variants.reduce((n, v) => n + v.weight, 0);
  const ends: number[] = [];
  let end = 0;
  for (const v of variants) ends.push((end += v.weight));
  const routes = variants.map((v, i) => ({
    location: withUtm(v.target_url, utm),
    variant: `${label}${i + 1}`,
  }));
  const seed = seedOf(`${linkId}/${label}`);
  return (t: VisitorTraits): Routed => {
    const point = ((parseInt(t.visitorHash.slice(0, 8), 16) ^ seed) >>> 0) % total;
    let i = 0;
    while (point >= ends[i]) i++;
    return routes[i];
  };
}

/** FNV-1a of the split's name: each split of each link places visitors its own way. */
function seedOf(name: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < name.length; i++) h = Math.imul(h ^ name.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** The visitor's query string onto the target; `qr=1` (our QR scan mark) stays here. */
function forwarder(visitorWins: boolean) {
  return (location: string, url: string): string => {
    const q = url.indexOf('?');
    if (q === -1 || q === url.length - 1) return location;
    const asked = new URLSearchParams(url.slice(q + 1));
    asked.delete('qr', '1');
    if (asked.size === 0) return location;
    const target = new URL(location);
    const own = target.searchParams;
    if (visitorWins) for (const name of new Set(asked.keys())) own.delete(name);
    const ownNames = new Set(own.keys());
    for (const [name, value] of asked)
      if (visitorWins || !ownNames.has(name)) own.append(name, value);
    return target.href;
  };
}

function varyOf(rules: LinkRule[], split: boolean): string | null {
  const types = new Set(rules.flatMap((r) => r.conditions.map((c) => c.type)));
  const unseen = ['country', 'ip', 'before', 'after'].some((t) => types.has(t as never));
  if (split || unseen || rules.some((r) => r.variants?.length)) return '*';
  const headers: string[] = [];
  if (types.has('device') || types.has('os') || types.has('browser')) headers.push('User-Agent');
  if (types.has('language')) headers.push('Accept-Language');
  return headers.length ? headers.join(', ') : null;
}

/** One condition as a test; its value is checked already (see rules-input). */
export function condition(c: RuleCondition): Test {
  const value = c.value;
  switch (c.type) {
    case 'device':
      return (t) => t.agent.device === value;
    case 'os':
      return (t) => (t.keys ??= keysOf(t.agent)).os === value;
    case 'browser':
      return (t) => (t.keys ??= keysOf(t.agent)).browser === value;
    case 'country':
      return (t) => t.country === value;
    case 'language': {
      const tag = String(value).toLowerCase();
      const prefix = `${tag}-`;
      const matches = (l: string) => l === tag || l.startsWith(prefix);
      return (t) => t.languages.some(matches);
    }
    case 'query': {
      const param = c.param!;
      if (value === undefined) return (t) => t.query.has(param);
      const wanted = String(value);
      return (t) => t.query.get(param)?.includes(wanted) ?? false;
    }
    case 'before':
      return (t) => t.now < Number(value) * 1000;
    case 'after':
      return (t) => t.now >= Number(value) * 1000;
    case 'ip':
      return ipTest(String(value));
  }
}

/** A CIDR range (`203.0.113.0/24`, `2001:db8::/32`, or one address) as a test of the client. */
function ipTest(cidr: string): Test {
  const [address, bits] = cidr.split('/');
  const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
  const list = new BlockList();
  list.addSubnet(
    address,
    bits === undefined ? (family === 'ipv6' ? 128 : 32) : Number(bits),
    family,
  );
  return (t) => {
    const ip = t.ip.startsWith('::ffff:') && isIP(t.ip.slice(7)) === 4 ? t.ip.slice(7) : t.ip;
    const kind = isIP(ip);
    return kind !== 0 && list.check(ip, kind === 6 ? 'ipv6' : 'ipv4');
  };
}

const LINUXES =
  /^(linux|ubuntu|debian|fedora|arch|mint|gentoo|centos|red ?hat|suse|opensuse|manjaro|kubuntu|xubuntu|slackware|mandriva|deepin|elementary os|pop!_os|raspbian)/;

/** ua-parser's OS name as a rule names it. */
export function osKey(name: string | null): string | null {
  if (!name) return null;
  const n = name.toLowerCase();
  if (n === 'ios' || n === 'ipados') return 'ios';
  if (n.startsWith('android')) return 'android';
  if (n.startsWith('windows')) return 'windows';
  if (n === 'mac os' || n === 'macos' || n === 'mac os x') return 'macos';
  if (n === 'chromium os' || n === 'chrome os') return 'chromeos';
  if (LINUXES.test(n)) return 'linux';
  return n;
}

/** ua-parser's browser name as a rule names it: `Mobile Safari` is `safari`, `Samsung Internet`
 *  is `samsung`, `Chrome WebView` is `chrome`. */
export function browserKey(name: string | null): string | null {
  if (!name) return null;
  const n = name
    .toLowerCase()
    .replace(/^mobile /, '')
    .replace(/ (mobile|webview|headless)$/, '');
  if (n.startsWith('samsung')) return 'samsung';
  if (n === 'opera touch' || n === 'opera mini' || n === 'opera gx') return 'opera';
  return n;
}
