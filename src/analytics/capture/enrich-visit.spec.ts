import type { CountryLookup } from './country-lookup';
import { VisitEnricher } from './enrich-visit';
import type { RawVisit } from './raw-visit';

const raw = (remoteAddress: string, countryHeader?: string): RawVisit => ({
  linkId: 1,
  accountId: 1,
  domainId: 1,
  kind: 'redirect',
  at: Date.UTC(2026, 10, 25, 12),
  remoteAddress,
  forwardedFor: undefined,
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0',
  referer: undefined,
  acceptLanguage: undefined,
  countryHeader,
  qr: false,
  variant: null,
  utm: null,
  utmQuery: null,
});

describe('VisitEnricher countries', () => {
  const lookedUp: string[] = [];
  const byIp: Record<string, string | null> = { '81.2.69.160': 'GB', '10.0.0.1': null };
  const countries = {
    country: (ip: string) => (lookedUp.push(ip), byIp[ip] ?? null),
  } as unknown as CountryLookup;
  const salt = Buffer.alloc(32, 1);

  it('should look an address up once, and give each visit its own answer', () => {
    const enricher = new VisitEnricher(null, () => salt, countries);
    const ips = ['81.2.69.160', '10.0.0.1', '81.2.69.160', '10.0.0.1', '81.2.69.160'];
    expect(ips.map((ip) => enricher.enrich(raw(ip)).country)).toEqual([
      'GB',
      null,
      'GB',
      null,
      'GB',
    ]);
    expect(lookedUp).toEqual(['81.2.69.160', '10.0.0.1']);
  });

  it('should take a trusted proxy header before the database, and ignore it untrusted', () => {
    const trusting = new VisitEnricher(
      () => true,
      () => salt,
      countries,
    );
    const untrusting = new VisitEnricher(null, () => salt, countries);
    expect(trusting.enrich(raw('81.2.69.160', 'fr')).country).toBe('FR');
    expect(untrusting.enrich(raw('81.2.69.160', 'fr')).country).toBe('GB');
  });
});
