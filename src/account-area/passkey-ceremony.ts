import type { Request, Response } from 'express';
import { CEREMONY_COOKIE } from '../auth/passkeys/passkeys.service';
import { cookieHeader, readCookie } from '../common/cookies';
import type { DomainError } from '../common/errors/domain-error';

/** Keeps a passkey ceremony's sealed challenge in its cookie (5 minutes). */
export function keepCeremony(req: Request, res: Response, sealed: string): void {
  const opts = { path: '/', maxAge: 300, secure: req.secure };
  res.append('Set-Cookie', cookieHeader(CEREMONY_COOKIE, sealed, opts));
}

/** The ceremony's sealed challenge, spent: a browser's answer is taken once. */
export function takeCeremony(req: Request, res: Response): string | undefined {
  const opts = { path: '/', maxAge: 0, secure: req.secure };
  res.append('Set-Cookie', cookieHeader(CEREMONY_COOKIE, '', opts));
  return readCookie(req.headers.cookie, CEREMONY_COOKIE);
}

/** A refusal as app.js reads it: `{ error, message }` with its status. */
export function sendRefusal(res: Response, e: DomainError): void {
  res.status(e.status).json({ error: e.code, message: e.message });
}
