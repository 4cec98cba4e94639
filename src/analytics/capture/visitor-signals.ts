import { Injectable } from '@nestjs/common';
import type { IncomingHttpHeaders } from 'node:http';
import { Env } from '../../config/env';
import {
  clientAddress,
  compileTrust,
  countryHeaderOf,
  countryHeaderValue,
  oneHeader,
  Trust,
} from './client-address';
import { CountryLookup } from './country-lookup';
import { UserAgents } from './user-agents';

const COUNTRY_CACHE_SIZE = 10_000;

/**
 * What a request says of its visitor, read the way analytics reads it: the address under
 * TRUST_PROXY, the parsed User-Agent (one cache for the writer and the redirect rules), the
 * country (the same database, opened on first use: a service that neither records visits nor has
 * a country rule never reads it).
 */
@Injectable()
export class VisitorSignals {
  readonly trust: Trust | null;
  readonly agents = new UserAgents();
  private lookup?: CountryLookup;
  private readonly countryByIp = new Map<string, string | null>();

  constructor(private readonly env: Env) {
    this.trust = compileTrust(env.TRUST_PROXY);
  }

  get countries(): CountryLookup {
    return (this.lookup ??= CountryLookup.open(this.env.GEOIP_MMDB));
  }

  clientIp(headers: IncomingHttpHeaders, remoteAddress: string | undefined): string {
    return clientAddress(this.trust, remoteAddress, oneHeader(headers['x-forwarded-for']));
  }

  /** A trusted proxy's country header, else the database's answer (cached by address). */
  country(headers: IncomingHttpHeaders, ip: string): string | null {
    const told = this.trust && countryHeaderValue(countryHeaderOf(headers));
    if (told) return told;
    let country = this.countryByIp.get(ip);
    if (country === undefined) {
      country = this.countries.country(ip);
      if (this.countryByIp.size >= COUNTRY_CACHE_SIZE) this.countryByIp.clear();
      this.countryByIp.set(ip, country);
    }
    return country;
  }
}
