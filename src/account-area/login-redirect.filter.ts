import { ArgumentsHost, Catch, ExceptionFilter } from '@nestjs/common';
import type { Request, Response } from 'express';
import { clearSessionCookie } from '../auth/sessions/session-cookies';
import { LoginRequired, TwoFactorSetupRequired } from './session.guard';

/**
 * A page that needs a log-in sends the browser to the log-in page, and back afterwards; one that
 * needs two-factor codes set up first, to the security page.
 */
@Catch(LoginRequired, TwoFactorSetupRequired)
export class LoginRedirectFilter implements ExceptionFilter {
  catch(e: LoginRequired | TwoFactorSetupRequired, host: ArgumentsHost): void {
    const req = host.switchToHttp().getRequest<Request>();
    const res = host.switchToHttp().getResponse<Response>();
    if (e instanceof TwoFactorSetupRequired) return res.redirect(303, '/account/security');
    if (req.headers.cookie?.includes('ld_session=')) clearSessionCookie(req, res);
    const next = req.method === 'GET' ? `?next=${encodeURIComponent(req.originalUrl)}` : '';
    res.redirect(303, `/login${next}`);
  }
}
