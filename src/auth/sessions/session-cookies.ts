import type { Request, Response } from 'express';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { cookieHeader, readCookie } from '../../common/cookies';
import { DomainError } from '../../common/errors/domain-error';

/** The log-in cookie: the session's secret. */
export const SESSION_COOKIE = 'ld_session';
/** Before log-in: the double-submit token of the log-in and sign-up forms. */
const FORM_COOKIE = 'ld_form';

/** Secure cookies behind https (the request's own scheme, or a trusted proxy's). */
const secure = (req: Request) => req.secure;

export function setSessionCookie(req: Request, res: Response, secret: string, maxAgeMs: number) {
  const maxAge = Math.floor(maxAgeMs / 1000);
  res.append(
    'Set-Cookie',
    cookieHeader(SESSION_COOKIE, secret, { path: '/', maxAge, secure: secure(req) }),
  );
}

export function clearSessionCookie(req: Request, res: Response) {
  res.append(
    'Set-Cookie',
    cookieHeader(SESSION_COOKIE, '', { path: '/', maxAge: 0, secure: secure(req) }),
  );
}

export const sessionSecretOf = (req: Request) => readCookie(req.headers.cookie, SESSION_COOKIE);

/** The token for a form shown before log-in: the cookie's, or a new one set now. */
export function formToken(req: Request, res: Response): string {
  const known = readCookie(req.headers.cookie, FORM_COOKIE);
  if (known && /^[A-Za-z0-9_-]{43}$/.test(known)) return known;
  const token = randomBytes(32).toString('base64url');
  res.append('Set-Cookie', cookieHeader(FORM_COOKIE, token, { path: '/', secure: secure(req) }));
  return token;
}

export const csrfFailed = () =>
  new DomainError(
    403,
    'csrf_failed',
    'This form has expired or did not come from this site; reload the page and try again',
  );

const sameToken = (a: unknown, b: string) => {
  if (typeof a !== 'string') return false;
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/** The CSRF token a form (`_csrf`) or a script (`X-CSRF-Token`) sent back. */
const sentToken = (req: Request): unknown =>
  req.headers['x-csrf-token'] ?? (req.body as Record<string, unknown> | undefined)?._csrf;

/** A state change from a logged-in page must carry its session's token. */
export function checkCsrf(req: Request, expected: string): void {
  if (!sameToken(sentToken(req), expected)) throw csrfFailed();
}

/** A log-in or sign-up form must carry the token its page set in the cookie. */
export function checkFormToken(req: Request): void {
  const cookie = readCookie(req.headers.cookie, FORM_COOKIE);
  if (!cookie || !sameToken(sentToken(req), cookie)) throw csrfFailed();
}
