import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { ActiveSession } from '../auth/sessions/web-sessions.service';
import type { Viewer } from './pages';
import type { SessionRequest } from './session.guard';

/** The logged-in viewer of an account-area page (set by SessionGuard). */
export const CurrentViewer = createParamDecorator((_: unknown, ctx: ExecutionContext): Viewer => {
  const session = ctx.switchToHttp().getRequest<SessionRequest>().session as ActiveSession;
  return { account: session.account, csrf: session.csrfToken, sessionId: session.id };
});
