import { normalizeHost } from './domains.service';

describe('normalizeHost', () => {
  it('should lower-case, drop a trailing dot and a default port', () => {
    expect(normalizeHost(' Short.Example. ')).toBe('short.example');
    expect(normalizeHost('short.example:80')).toBe('short.example');
    expect(normalizeHost('short.example:443')).toBe('short.example');
    expect(normalizeHost('short.example:8080')).toBe('short.example:8080');
  });
});
