import { hostName, normalizeHost } from './domains.service';

describe('normalizeHost', () => {
  it('should lower-case, drop a trailing dot and a default port', () => {
    expect(normalizeHost(' Short.Example. ')).toBe('short.example');
    expect(normalizeHost('short.example:80')).toBe('short.example');
    expect(normalizeHost('short.example:443')).toBe('short.example');
    expect(normalizeHost('short.example:8080')).toBe('short.example:8080');
  });
});

describe('hostName', () => {
  it('should give one name for every spelling: case, any port, a trailing dot', () => {
    for (const h of ['Pend.Example', 'pend.example.', 'pend.example:8080', 'PEND.example.:3000']) {
      expect(hostName(h)).toBe('pend.example');
    }
    expect(hostName('[::1]:3000')).toBe('[::1]');
  });
});
