import { Env } from '../../config/env';
import { Link } from '../link.entity';
import { ThrottlerStorageService } from '@nestjs/throttler';
import { LinkPasswordCookie } from './link-password';
import { LinkPasswordThrottle } from './link-password-throttle';

const keys = {
  generateKey: (_ctx: unknown, tracker: string, name: string) => `${name}:${tracker}`,
};

const link = (id: number, passwordHash = 'scrypt$hash') =>
  ({ id, slug: `s${id}`, passwordHash }) as Link;

describe('LinkPasswordCookie', () => {
  const cookies = new LinkPasswordCookie({ AUTH_COOKIE_SECRET: 'secret' } as Env);
  const valueOf = (header: string) => header.split(';')[0];

  it('should accept its own cookie for the same link and password only', () => {
    const { header } = cookies.issue(link(1), true);
    expect(header).toMatch(/; Path=\/s1; Max-Age=3600; HttpOnly; SameSite=Lax; Secure$/);
    expect(cookies.isValid(link(1), valueOf(header))).toBe(true);
    expect(cookies.isValid(link(1, 'scrypt$changed'), valueOf(header))).toBe(false);
    expect(cookies.isValid(link(2), valueOf(header).replace('ld_pw_1', 'ld_pw_2'))).toBe(false);
  });

  it('should refuse a cookie signed with another secret', () => {
    const other = new LinkPasswordCookie({ AUTH_COOKIE_SECRET: 'other' } as Env);
    const { header } = other.issue(link(1), false);
    expect(cookies.isValid(link(1), valueOf(header))).toBe(false);
  });
});

describe('LinkPasswordThrottle', () => {
  it('should block after five attempts for that client and link only', async () => {
    const throttle = new LinkPasswordThrottle(new ThrottlerStorageService(), keys);
    for (let i = 0; i < 5; i++) expect(await throttle.attempt('1.2.3.4', 1)).toBe(0);
    expect(await throttle.attempt('1.2.3.4', 1)).toBeGreaterThan(0);
    expect(await throttle.attempt('1.2.3.4', 2)).toBe(0);
    expect(await throttle.attempt('5.6.7.8', 1)).toBe(0);
  });

  it('should count attempts as they arrive: of fifty at once, five go through', async () => {
    const throttle = new LinkPasswordThrottle(new ThrottlerStorageService(), keys);
    const waits = await Promise.all(Array.from({ length: 50 }, () => throttle.attempt('ip', 9)));
    expect(waits.filter((w) => w === 0)).toHaveLength(5);
    expect(waits.filter((w) => w > 0)).toHaveLength(45);
  });
});
