import { ArgumentsHost, Catch, ExceptionFilter } from '@nestjs/common';
import type { Request, Response } from 'express';
import { clearSessionCookie } from '../auth/sessions/session-cookies';
import { LoginRequired } from './session.guard';

/** A page that needs a log-in sends the browser to the log-in page, and back afterwards. */
@Catch(LoginRequired)
export class LoginRedirectFilter implements ExceptionFilter {
  catch(_e: LoginRequired, host: ArgumentsHost): void {
    const req = host.switchToHttp().getRequest<Request>();
    const res = host.switchToHttp().getResponse<Response>();
    if (req.headers.cookie?.includes('ld_session=')) clearSessionCookie(req, res);
    const next = req.method === 'GET' ? `?next=${encodeURIComponent(req.originalUrl)}` : '';
    res.redirect(303, `/login${next}`);
  }
}
