import { Controller, Get, Param, Post, Res } from '@nestjs/common';
import type { Response } from 'express';
import { AccountsService } from '../auth/accounts.service';
import { WebSessionsService } from '../auth/sessions/web-sessions.service';
import { SecurityLog } from '../auth/security-log/security-log.service';
import { PasswordAttempts } from '../rate-limit/password-attempts';
import { AccountArea } from './account-area.decorator';
import { CurrentViewer } from './current-session.decorator';
import { Viewer } from './pages';
import { PageForm } from './forms/page-query.decorator';
import { PasswordChangeForm } from './forms/share.forms';
import { wordsOf } from '../i18n/language-of';
import { tk } from '../i18n/i18n';
import { showOutcome } from './forms/form-outcome';
import { SecurityPageView } from './security-page.view';
import { passwordProblem } from './forms/password-problem';

/** `/account/security`: the password, and the browsers' sessions (see SecurityPageView). */
@AccountArea()
@Controller('account')
export class SecurityPageController {
  constructor(
    private readonly view: SecurityPageView,
    private readonly accounts: AccountsService,
    private readonly sessions: WebSessionsService,
    private readonly attempts: PasswordAttempts,
    private readonly log: SecurityLog,
  ) {}

  /** `?passkey=added`: where app.js lands after adding a passkey. */
  @Get('security')
  page(@CurrentViewer() viewer: Viewer, @Res() res: Response): Promise<void> {
    const added = res.req.query.passkey === 'added';
    return this.view.show(viewer, res, added ? { notice: tk('Passkey added') } : {});
  }

  /** A new password logs out every other browser of the account. */
  @Post('password')
  changePassword(
    @CurrentViewer() viewer: Viewer,
    @PageForm(PasswordChangeForm) form: PasswordChangeForm,
    @Res() res: Response,
  ): Promise<void> {
    const { email, id } = viewer.account!;
    return showOutcome(
      async () => {
        await this.attempts.attempt(email);
        await passwordProblem(() =>
          this.accounts.verifyCredentials(email, form.current_password ?? ''),
        );
        await this.accounts.changePassword(id, form.new_password ?? '');
        const count = await this.sessions.endAllOf(id, viewer.sessionId);
        await this.log.record(id, 'password.changed', { userAgent: res.req.headers['user-agent'] });
        return wordsOf(res.req).t('Password changed; {{count}} other browser sessions logged out', {
          count,
        });
      },
      (outcome, status) => this.view.show(viewer, res, outcome, status),
    );
  }

  @Post('sessions/end-others')
  async endOthers(@CurrentViewer() viewer: Viewer, @Res() res: Response): Promise<void> {
    const count = await this.sessions.endAllOf(viewer.account!.id, viewer.sessionId);
    await this.log.record(viewer.account!.id, 'sessions.ended', { detail: String(count) });
    const notice = wordsOf(res.req).t('{{count}} other browser sessions logged out', { count });
    return this.view.show(viewer, res, { notice });
  }

  @Post('sessions/:id/end')
  async endOne(@CurrentViewer() viewer: Viewer, @Param('id') id: string, @Res() res: Response) {
    const ended = await this.sessions.endOne(viewer.account!.id, id);
    if (ended) await this.log.record(viewer.account!.id, 'sessions.ended', { detail: '1' });
    const notice = ended
      ? tk('That browser is logged out')
      : tk('That browser was already logged out');
    return this.view.show(viewer, res, { notice: wordsOf(res.req).t(notice) });
  }
}
