import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { hostName } from '../domains/domains.service';

/** Where accounts sign in and are managed: nowhere but the operator's own host. */
export const ACCOUNT_PATHS = [
  '/login',
  '/signup',
  '/logout',
  '/forgot-password',
  '/reset-password',
  '/verify-email',
  '/auth',
  '/account',
  '/admin',
  '/report',
];

/**
 * The account area answers on PUBLIC_URL's host only. On any other host (a customer's domain,
 * whose DNS its owner controls, or another operator domain) it would set a session cookie for
 * that host: the request goes to the same path on PUBLIC_URL instead, a form post as a GET of
 * its page (nothing it carried is used).
 */
export function accountAreaOnPublicHost(publicUrl: string): RequestHandler {
  const home = new URL(publicUrl);
  const name = hostName(home.host);
  return (req: Request, res: Response, next: NextFunction) => {
    if (hostName(req.headers.host ?? '') === name) return next();
    const get = req.method === 'GET' || req.method === 'HEAD';
    const to = new URL(get ? req.originalUrl : req.baseUrl, home.origin);
    res.redirect(get ? 302 : 303, to.href);
  };
}
