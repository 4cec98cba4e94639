import { normalizeCustomHost } from './host-rules';

describe('custom domain host rules', () => {
  it('should store hosts lower-cased, IDN as punycode, without a trailing dot', () => {
    expect(normalizeCustomHost(' Links.Example.ORG. ')).toBe('links.example.org');
    expect(normalizeCustomHost('münchen.example')).toBe('xn--mnchen-3ya.example');
    expect(normalizeCustomHost('xn--mnchen-3ya.example')).toBe('xn--mnchen-3ya.example');
  });

  it.each([
    '203.0.113.7',
    '::1',
    'a.example.com:8080',
    'https://a.example.com',
    'a.example.com/path',
    'localhost',
    'app.localhost',
    'example',
    'a..example.com',
    '-a.example.com',
    'a_b.example.com',
    'example.123',
    `${'a'.repeat(64)}.example.com`,
    `${'abcdefghi.'.repeat(26)}com`,
  ])('should refuse %s', (host) => {
    expect(() => normalizeCustomHost(host)).toThrow(expect.objectContaining({ status: 400 }));
  });
});
