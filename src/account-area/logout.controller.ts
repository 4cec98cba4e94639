import { Controller, Post, Req, Res, UseFilters, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { clearSessionCookie } from '../auth/sessions/session-cookies';
import { WebSessionsService } from '../auth/sessions/web-sessions.service';
import { SecurityLog } from '../auth/security-log/security-log.service';
import { Public } from '../common/decorators/public.decorator';
import { RawResponse } from '../common/decorators/raw-response.decorator';
import { CurrentViewer } from './current-session.decorator';
import { LoginRedirectFilter } from './login-redirect.filter';
import type { Viewer } from './pages';
import { SessionGuard } from './session.guard';

/** Log out: the session ends on the server and its cookie goes. */
@ApiExcludeController()
@Public()
@RawResponse()
@Controller('logout')
export class LogoutController {
  constructor(
    private readonly sessions: WebSessionsService,
    private readonly log: SecurityLog,
  ) {}

  @Post()
  @UseGuards(SessionGuard)
  @UseFilters(LoginRedirectFilter)
  async logout(@CurrentViewer() viewer: Viewer, @Req() req: Request, @Res() res: Response) {
    await this.sessions.end(viewer.sessionId!);
    await this.log.record(viewer.account!.id, 'logout', { userAgent: req.headers['user-agent'] });
    clearSessionCookie(req, res);
    res.redirect(303, '/');
  }
}
