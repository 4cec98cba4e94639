import { createHmac, randomBytes } from 'node:crypto';
import { Hmac } from './visitor-hash';

describe('Hmac', () => {
  it('should give the digest createHmac gives, for short and long keys', () => {
    for (const key of [randomBytes(32), randomBytes(64), randomBytes(100), Buffer.alloc(0)]) {
      const h = new Hmac(key);
      for (const m of ['', '203.0.113.9|Mozilla/5.0', 'ü'.repeat(300)]) {
        expect(h.hex(m)).toBe(createHmac('sha256', key).update(m).digest('hex'));
      }
    }
  });
});
