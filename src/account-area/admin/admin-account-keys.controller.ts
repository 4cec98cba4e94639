import { Controller, Param, ParseIntPipe, Post, Res, UseGuards } from '@nestjs/common';
import type { Response } from 'express';
import { AccountsService } from '../../auth/accounts.service';
import { SecurityLog } from '../../auth/security-log/security-log.service';
import { WebSessionsService } from '../../auth/sessions/web-sessions.service';
import { TwoFactorService } from '../../auth/two-factor/two-factor.service';
import { DomainError } from '../../common/errors/domain-error';
import { wordsOf } from '../../i18n/language-of';
import { AccountArea } from '../account-area.decorator';
import { CurrentViewer } from '../current-session.decorator';
import { PageForm } from '../forms/page-query.decorator';
import type { Viewer } from '../pages';
import { AdminAccountsView } from './admin-accounts.view';
import { RoleForm } from './admin-forms';
import { AdminGuard } from './admin.guard';

/** `/admin`: an account's role, and how it logs in (its browsers, its two-factor codes). */
@UseGuards(AdminGuard)
@AccountArea()
@Controller('admin/accounts/:id')
export class AdminAccountKeysController {
  constructor(
    private readonly view: AdminAccountsView,
    private readonly accounts: AccountsService,
    private readonly sessions: WebSessionsService,
    private readonly twoFactor: TwoFactorService,
    private readonly log: SecurityLog,
  ) {}

  @Post('role')
  role(
    @CurrentViewer() viewer: Viewer,
    @Param('id', ParseIntPipe) id: number,
    @PageForm(RoleForm) form: RoleForm,
    @Res() res: Response,
  ) {
    return this.view.afterAction(viewer, res, async () => {
      if (!form.role) throw new DomainError(400, 'validation_failed', 'Choose admin or member');
      const a = await this.accounts.setRole(id, form.role);
      await this.log.record(id, 'role.changed', { method: 'admin', detail: form.role });
      return wordsOf(res.req).t('{{email}} is now {{role}}', { email: a.email, role: form.role });
    });
  }

  @Post('end-sessions')
  endSessions(
    @CurrentViewer() v: Viewer,
    @Param('id', ParseIntPipe) id: number,
    @Res() res: Response,
  ) {
    return this.view.afterAction(v, res, async () => {
      const a = await this.accounts.getById(id);
      const count = await this.sessions.endAllOf(
        id,
        id === v.account!.id ? v.sessionId : undefined,
      );
      await this.log.record(id, 'sessions.ended', { method: 'admin', detail: String(count) });
      return wordsOf(res.req).t('{{count}} browser sessions of {{email}} ended', {
        count,
        email: a.email,
      });
    });
  }

  @Post('reset-2fa')
  resetTwoFactor(
    @CurrentViewer() v: Viewer,
    @Param('id', ParseIntPipe) id: number,
    @Res() res: Response,
  ) {
    return this.view.afterAction(v, res, async () => {
      const a = await this.accounts.getById(id);
      await this.twoFactor.disable(id, { method: 'admin' });
      return wordsOf(res.req).t('Two-factor codes of {{email}} turned off', { email: a.email });
    });
  }
}
