import { Injectable } from '@nestjs/common';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { Env } from '../../config/env';
import { Link } from '../link.entity';
import { cookieHeader, readCookie } from '../../common/cookies';

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
    const header = cookieHeader(this.name(link), value, {
      path: `/${link.slug}`,
      maxAge: COOKIE_TTL_S,
      secure,
    });
    return { name: this.name(link), header };
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
