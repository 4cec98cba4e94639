import { Controller, Get, Post, Res } from '@nestjs/common';
import type { Response } from 'express';
import { AccountsService } from '../auth/accounts.service';
import { WebSessionsService } from '../auth/sessions/web-sessions.service';
import { DomainError } from '../common/errors/domain-error';
import { PasswordAttempts } from '../rate-limit/password-attempts';
import { AccountArea } from './account-area.decorator';
import { CurrentViewer } from './current-session.decorator';
import { Pages, Viewer } from './pages';
import { PageForm } from './forms/page-query.decorator';
import { PasswordChangeForm } from './forms/share.forms';
import { wordsOf } from '../i18n/language-of';
import { tk } from '../i18n/i18n';

/** `/account/security`: the password, and the other browsers' sessions. */
@AccountArea()
@Controller('account')
export class SecurityPageController {
  constructor(
    private readonly pages: Pages,
    private readonly accounts: AccountsService,
    private readonly sessions: WebSessionsService,
    private readonly attempts: PasswordAttempts,
  ) {}

  @Get('security')
  page(@CurrentViewer() viewer: Viewer, @Res() res: Response): void {
    this.show(viewer, res, {});
  }

  /** A new password logs out every other browser of the account. */
  @Post('password')
  async changePassword(
    @CurrentViewer() viewer: Viewer,
    @PageForm(PasswordChangeForm) form: PasswordChangeForm,
    @Res() res: Response,
  ) {
    try {
      const { email, id } = viewer.account!;
      await this.attempts.attempt(email);
      await this.accounts.verifyCredentials(email, form.current_password ?? '');
      await this.accounts.changePassword(id, form.new_password ?? '');
      const ended = await this.sessions.endAllOf(id, viewer.sessionId);
      this.show(viewer, res, {
        notice: wordsOf(res.req).t(
          'Password changed; {{count}} other browser sessions logged out',
          {
            count: ended,
          },
        ),
      });
    } catch (e) {
      if (!(e instanceof DomainError) || e.status >= 500) throw e;
      const error =
        e.code === 'invalid_credentials' ? tk('The current password is wrong') : e.message;
      this.show(viewer, res, { error }, e.status === 401 ? 400 : e.status);
    }
  }

  @Post('sessions/end-others')
  async endOthers(@CurrentViewer() viewer: Viewer, @Res() res: Response): Promise<void> {
    const ended = await this.sessions.endAllOf(viewer.account!.id, viewer.sessionId);
    const notice = wordsOf(res.req).t('{{count}} other browser sessions logged out', {
      count: ended,
    });
    this.show(viewer, res, { notice });
  }

  private show(viewer: Viewer, res: Response, data: object, status = 200) {
    this.pages.send(res, 'security', 'Security', viewer, { section: 'security', ...data }, status);
  }
}
