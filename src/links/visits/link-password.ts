import { Injectable } from '@nestjs/common';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { Env } from '../../config/env';
import { Link } from '../link.entity';

const COOKIE_TTL_S = 60 * 60;

/**
 * The short-lived cookie that remembers a correct link password. It is scoped to the link's path,
 * signed, and bound to the password hash, so changing the password locks visitors out again.
 */
@Injectable()
export class LinkPasswordCookie {
  private readonly secret: Buffer;

  constructor(env: Env) {
    this.secret = env.AUTH_COOKIE_SECRET ? Buffer.from(env.AUTH_COOKIE_SECRET) : randomBytes(32);
  }

  name(link: Link): string {
    return `ld_pw_${link.id}`;
  }

  issue(link: Link, secure: boolean): { name: string; header: string } {
    const exp = Math.floor(Date.now() / 1000) + COOKIE_TTL_S;
    const value = `${exp}.${this.sign(link, exp)}`;
    const attrs = [
      `${this.name(link)}=${value}`,
      `Path=/${link.slug}`,
      `Max-Age=${COOKIE_TTL_S}`,
      'HttpOnly',
      'SameSite=Lax',
      ...(secure ? ['Secure'] : []),
    ];
    return { name: this.name(link), header: attrs.join('; ') };
  }

  isValid(link: Link, cookieHeader: string | undefined): boolean {
    const value = readCookie(cookieHeader, this.name(link));
    const [exp, mac] = value?.split('.') ?? [];
    if (!exp || !mac || Number(exp) * 1000 < Date.now()) return false;
    const expected = Buffer.from(this.sign(link, Number(exp)));
    const actual = Buffer.from(mac);
    return actual.length === expected.length && timingSafeEqual(actual, expected);
  }

  private sign(link: Link, exp: number): string {
    return createHmac('sha256', this.secret)
      .update(`${link.id}.${exp}.${link.passwordHash}`)
      .digest('base64url');
  }
}

function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of header?.split(';') ?? []) {
    const i = part.indexOf('=');
    if (i > 0 && part.slice(0, i).trim() === name) return part.slice(i + 1).trim();
  }
  return undefined;
}

const MAX_FAILURES = 5;
const WINDOW_MS = 15 * 60 * 1000;
const MAX_KEYS = 100_000;

/** Wrong link passwords per client and link: five in fifteen minutes, then 429 until it ends. */
@Injectable()
export class LinkPasswordThrottle {
  private readonly failures = new Map<string, { count: number; resetAt: number }>();

  /** Seconds until the client may try again, or 0 when it may try now. */
  retryAfter(ip: string, linkId: number): number {
    const entry = this.failures.get(`${ip}|${linkId}`);
    if (!entry || entry.resetAt <= Date.now() || entry.count < MAX_FAILURES) return 0;
    return Math.ceil((entry.resetAt - Date.now()) / 1000);
  }

  /**
   * Counts an attempt before its password is checked, so that attempts sent all at once are
   * counted as they arrive: the seconds to wait when the limit is reached already, else 0.
   * A right password then calls `succeed`, which forgets them.
   */
  attempt(ip: string, linkId: number): number {
    const wait = this.retryAfter(ip, linkId);
    if (wait === 0) this.fail(ip, linkId);
    return wait;
  }

  fail(ip: string, linkId: number): void {
    const key = `${ip}|${linkId}`;
    const now = Date.now();
    const entry = this.failures.get(key);
    if (!entry || entry.resetAt <= now) {
      if (this.failures.size >= MAX_KEYS) this.prune(now);
      this.failures.set(key, { count: 1, resetAt: now + WINDOW_MS });
    } else {
      entry.count++;
    }
  }

  succeed(ip: string, linkId: number): void {
    this.failures.delete(`${ip}|${linkId}`);
  }

  private prune(now: number): void {
    for (const [key, e] of this.failures) if (e.resetAt <= now) this.failures.delete(key);
    if (this.failures.size >= MAX_KEYS) this.failures.clear();
  }
}
