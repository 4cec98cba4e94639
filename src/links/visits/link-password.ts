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
