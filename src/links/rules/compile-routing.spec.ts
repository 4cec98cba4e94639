import { UserAgents } from '../../analytics/capture/user-agents';
import type { VisitorSignals } from '../../analytics/capture/visitor-signals';
import { browserKey, compileRouting, osKey, RoutingSource, withUtm } from './compile-routing';
import { parseQuery, preferredLanguages, VisitorTraits } from './visitor-traits';

const link = (over: Partial<RoutingSource> = {}): RoutingSource => ({
  id: 7,
  targetUrl: 'https://example.com/own?a=1',
  rules: null,
  variants: null,
  utm: null,
  forwardQuery: false,
  visitorQueryWins: false,
  fallbackUrl: null,
  ...over,
});

const signals = { agents: new UserAgents(), clientIp: () => '', country: () => null };
const traits = (url: string, hash = '0000000000000000') =>
  new VisitorTraits({}, undefined, url, 0, {
    signals: signals as unknown as VisitorSignals,
    visitorHash: () => hash,
  });

describe('compileRouting', () => {
  it('should leave a link with nothing to decide to its plain location', () => {
    expect(compileRouting(link())).toBeNull();
    expect(compileRouting(link({ rules: [], variants: [] }))).toBeNull();
  });

  it("should forward the visitor's query, the target's parameters winning unless told", () => {
    const targetWins = compileRouting(link({ forwardQuery: true }))!;
    expect(targetWins.route(traits('/x?a=2&b=3&b=4&qr=1')).location).toBe(
      'https://example.com/own?a=1&b=3&b=4',
    );
    const visitorWins = compileRouting(link({ forwardQuery: true, visitorQueryWins: true }))!;
    expect(visitorWins.route(traits('/x?a=2&b=3')).location).toBe(
      'https://example.com/own?a=2&b=3',
    );
    expect(visitorWins.route(traits('/x')).location).toBe('https://example.com/own?a=1');
    expect(visitorWins.route(traits('/x?qr=1')).location).toBe('https://example.com/own?a=1');
  });

  it('should set UTM fields on every target, replacing its own', () => {
    expect(withUtm('https://e.com/?utm_source=x&k=v', { source: 'news', medium: 'mail' })).toBe(
      'https://e.com/?utm_source=news&k=v&utm_medium=mail',
    );
    expect(withUtm('https://e.com/', {})).toBe('https://e.com/');
    const r = compileRouting(
      link({
        utm: { campaign: 'c' },
        rules: [{ conditions: [{ type: 'query', param: 'x' }], target_url: 'https://r.com/' }],
      }),
    )!;
    expect(r.route(traits('/?x')).location).toBe('https://r.com/?utm_campaign=c');
    expect(r.route(traits('/')).location).toBe('https://example.com/own?a=1&utm_campaign=c');
  });

  it('should send a broken target to its fallback, ending its split for the time', () => {
    const variants = [
      { target_url: 'https://a.com/', weight: 1 },
      { target_url: 'https://b.com/', weight: 1 },
    ];
    expect(compileRouting(link({ variants, fallbackUrl: 'https://sorry.com/' }))).toBeNull();
  });

  it('should place visitors by their hash, the same one always the same way', () => {
    const variants = [
      { target_url: 'https://a.com/', weight: 1 },
      { target_url: 'https://b.com/', weight: 3 },
    ];
    const r = compileRouting(link({ variants }))!;
    expect(r.vary).toBe('*');
    const seen = new Map<string, number>();
    for (let i = 0; i < 4000; i++) {
      const hash = ((i * 2654435761) >>> 0).toString(16).padStart(8, '0').padEnd(16, '0');
      const first = r.route(traits('/', hash));
      expect(r.route(traits('/', hash))).toBe(first);
      seen.set(first.variant!, (seen.get(first.variant!) ?? 0) + 1);
    }
    expect(Math.abs(seen.get('1')! / 4000 - 0.25)).toBeLessThan(0.05);
  });

  it('should say what the answer varies with', () => {
    const rule = (type: string) => ({
      conditions: [{ type, value: type === 'before' ? 1 : 'x' } as never],
      target_url: 'https://r.com/',
    });
    expect(compileRouting(link({ rules: [rule('device')] }))!.vary).toBe('User-Agent');
    expect(compileRouting(link({ rules: [rule('language')] }))!.vary).toBe('Accept-Language');
    expect(compileRouting(link({ rules: [rule('before')] }))!.vary).toBe('*');
    expect(compileRouting(link({ forwardQuery: true }))!.vary).toBeNull();
  });
});

describe('what a request says', () => {
  it('should take the most preferred languages, by quality', () => {
    expect(preferredLanguages('fr-CH, fr;q=0.9, en;q=0.8')).toEqual(['fr-ch']);
    expect(preferredLanguages('de;q=0.5, en;q=0.5, *')).toEqual(['de', 'en']);
    expect(preferredLanguages('en;q=0, *')).toEqual([]);
    expect(preferredLanguages(undefined)).toEqual([]);
  });

  it('should read a query as URLSearchParams does', () => {
    const q = parseQuery('/x?a=1&a=%C3%A9&b&c=x+y&=z&&d=%zz');
    expect([...q]).toEqual([
      ['a', ['1', 'é']],
      ['b', ['']],
      ['c', ['x y']],
      ['', ['z']],
      ['d', ['%zz']],
    ]);
    expect(parseQuery('/x').size).toBe(0);
  });

  it('should name systems and browsers as rules do', () => {
    expect(
      ['iOS', 'Android', 'Windows', 'Mac OS', 'macOS', 'Ubuntu', 'Chromium OS'].map(osKey),
    ).toEqual(['ios', 'android', 'windows', 'macos', 'macos', 'linux', 'chromeos']);
    expect(
      ['Mobile Safari', 'Chrome WebView', 'Samsung Internet', 'Edge', 'Opera Mini'].map(browserKey),
    ).toEqual(['safari', 'chrome', 'samsung', 'edge', 'opera']);
  });
});
