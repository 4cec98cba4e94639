import fc from 'fast-check';
import { normalizeHost } from '../domains/domains.service';
import { cleanFilename } from '../files/upload/filename';
import { isReservedSlug, randomSlug, SLUG_PATTERN } from './slug';
import { isHttpUrl, MAX_URL_LENGTH } from './validators/is-http-url';

// Input spaces too large to list: properties over generated values (fast-check).
describe('Properties of the input rules', () => {
  it('should make random slugs of the asked length that the slug rule accepts', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 64 }), (n) => {
        const slug = randomSlug(n);
        return slug.length === n && SLUG_PATTERN.test(slug);
      }),
    );
  });

  it('should accept as a slug only 1-64 of A-Z a-z 0-9 _ -', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 80 }), (s) => {
        const allowed = s.length >= 1 && s.length <= 64 && /^[A-Za-z0-9_-]+$/.test(s);
        return SLUG_PATTERN.test(s) === allowed;
      }),
    );
    expect(isReservedSlug('API')).toBe(true);
  });

  it('should accept only absolute http(s) URLs, never other schemes', () => {
    fc.assert(
      fc.property(fc.webUrl({ withQueryParameters: true, withFragments: true }), (url) => {
        return isHttpUrl(url) === url.length <= MAX_URL_LENGTH;
      }),
    );
    fc.assert(
      fc.property(
        fc.constantFrom('javascript', 'data', 'file', 'ftp', 'vbscript', 'blob', 'about'),
        fc.string(),
        (scheme, rest) => !isHttpUrl(`${scheme}:${rest}`),
      ),
    );
    fc.assert(fc.property(fc.string(), (s) => typeof isHttpUrl(s) === 'boolean'));
  });

  it('should give a host one spelling, whatever its case, trailing dot or default port', () => {
    fc.assert(
      fc.property(fc.domain(), fc.constantFrom('', ':80', ':443'), fc.boolean(), (d, port, dot) => {
        const spelled = `${dot ? `${d.toUpperCase()}.` : d}${port}`;
        return normalizeHost(spelled) === d.toLowerCase();
      }),
    );
  });

  it('should clean any file name into a short, printable, path-free name', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 400 }), (name) => {
        const clean = cleanFilename(name);
        return (
          clean.length > 0 &&
          [...clean].length <= 200 &&
          !/[/\\]/.test(clean) &&
          // eslint-disable-next-line no-control-regex -- what must never survive
          !/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/.test(clean) &&
          clean !== '.' &&
          clean !== '..'
        );
      }),
    );
  });
});
