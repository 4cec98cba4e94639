import { isbot } from 'isbot';
import proxyAddr from 'proxy-addr';
import { UAParser } from 'ua-parser-js';
import type { CountryLookup } from './country-lookup';
import type { RawVisit } from './raw-visit';
import type { VisitRow } from '../rollups/rollup';
import { Hmac } from './visitor-hash';
import type { Device } from '../store/visit.entity';

type Trust = (addr: string, i: number) => boolean;
type Agent = { browser: string | null; os: string | null; device: Device; bot: boolean };

const AGENT_CACHE_SIZE = 1000;
const HASH_CACHE_SIZE = 10_000;

/** Turns raw visits into rows: User-Agent (cached), bot flag, country, language, visitor hash. */
export class VisitEnricher {
  private readonly agents = new Map<string, Agent>();
  /** Recent visitors' hashes (a visitor's next clicks skip the HMAC); emptied with the day. */
  private hashes = new Map<string, string>();
  private hashDay = -1;
  private readonly countryByIp = new Map<string, string | null>();
  private salt?: Buffer;
  private hmac?: Hmac;

  constructor(
    private readonly trust: Trust | null,
    private readonly saltOf: (at: number) => Buffer,
    private readonly countries: CountryLookup | null,
  ) {}

  enrich(raw: RawVisit): VisitRow {
    const ua = raw.userAgent ?? '';
    const agent = this.agent(ua);
    const bot = agent.bot;
    const ip = this.clientIp(raw);
    // Named, not spread: a spread in the literal builds the row the slow way (~0.2 µs a visit).
    const { referrerHost, referrerUrl } = referrerOf(raw.referer);
    return {
      linkId: raw.linkId,
      accountId: raw.accountId,
      domainId: raw.domainId,
      kind: raw.kind,
      at: new Date(raw.at),
      isBot: bot,
      qr: raw.qr,
      referrerHost,
      referrerUrl,
      country: (this.trust && countryOf(raw.countryHeader)) || this.countryOf(ip),
      browser: agent.browser,
      os: agent.os,
      device: bot ? 'other' : agent.device,
      language: languageOf(raw.acceptLanguage),
      visitorHash: this.visitorHash(raw.at, `${ip}|${ua}`),
      eventId: raw.eventId ?? null,
    };
  }

  /** The database's answer, cached: a lookup walks its tree (~1.5 µs), and visitors come back. */
  private countryOf(ip: string): string | null {
    if (!this.countries) return null;
    let country = this.countryByIp.get(ip);
    if (country === undefined) {
      country = this.countries.country(ip);
      if (this.countryByIp.size >= HASH_CACHE_SIZE) this.countryByIp.clear();
      this.countryByIp.set(ip, country);
    }
    return country;
  }

  private visitorHash(at: number, who: string): string {
    const day = Math.floor(at / 86_400_000);
    if (day !== this.hashDay) {
      this.hashes = new Map();
      this.hashDay = day;
    }
    let hash = this.hashes.get(who);
    if (hash === undefined) {
      const salt = this.saltOf(at);
      if (salt !== this.salt) this.hmac = new Hmac((this.salt = salt));
      hash = this.hmac!.hex(who).slice(0, 16);
      if (this.hashes.size >= HASH_CACHE_SIZE) this.hashes.clear();
      this.hashes.set(who, hash);
    }
    return hash;
  }

  /** The client's address as Express would see it under TRUST_PROXY. */
  private clientIp(raw: RawVisit): string {
    if (!this.trust || !raw.remoteAddress) return raw.remoteAddress ?? '';
    const req = {
      socket: { remoteAddress: raw.remoteAddress },
      connection: { remoteAddress: raw.remoteAddress },
      headers: { 'x-forwarded-for': raw.forwardedFor },
    };
    return proxyAddr(req as unknown as Parameters<typeof proxyAddr>[0], this.trust);
  }

  private agent(ua: string): Agent {
    const hit = this.agents.get(ua);
    if (hit) return hit;
    const r = new UAParser(ua).getResult();
    const type = r.device.type;
    const agent: Agent = {
      bot: isbot(ua),
      browser: r.browser.name?.slice(0, 40) ?? null,
      os: r.os.name?.slice(0, 40) ?? null,
      device:
        type === undefined ? 'desktop' : type === 'mobile' || type === 'tablet' ? type : 'other',
    };
    if (this.agents.size >= AGENT_CACHE_SIZE) this.agents.delete(this.agents.keys().next().value!);
    this.agents.set(ua, agent);
    return agent;
  }
}

function referrerOf(referer: string | undefined) {
  if (!referer) return { referrerHost: null, referrerUrl: null };
  try {
    const url = new URL(referer);
    return {
      referrerHost: url.hostname.toLowerCase().slice(0, 255),
      referrerUrl: referer.slice(0, 512),
    };
  } catch {
    return { referrerHost: null, referrerUrl: referer.slice(0, 512) };
  }
}

const countryOf = (header: string | undefined) =>
  header && /^[A-Za-z]{2}$/.test(header) && !/^(xx|t1)$/i.test(header)
    ? header.toUpperCase()
    : null;

/** The first language of Accept-Language (`de-CH,de;q=0.9` → `de-ch`); `*` is none. */
function languageOf(header: string | undefined): string | null {
  const first = header?.split(',')[0]?.split(';')[0]?.trim().toLowerCase();
  return first && first !== '*' && /^[a-z]{1,8}(-[a-z0-9]{1,8})*$/.test(first)
    ? first.slice(0, 35)
    : null;
}
