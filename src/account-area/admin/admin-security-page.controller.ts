import { Controller, Get, Param, ParseIntPipe, Post, Res, UseGuards } from '@nestjs/common';
import type { Response } from 'express';
import { InvitesService } from '../../auth/invites/invites.service';
import { TwoFactorPolicy } from '../../auth/two-factor/two-factor-policy';
import { DomainError } from '../../common/errors/domain-error';
import { tk } from '../../i18n/i18n';
import { AccountArea } from '../account-area.decorator';
import { CurrentViewer } from '../current-session.decorator';
import { PageForm } from '../forms/page-query.decorator';
import type { Viewer } from '../pages';
import { InviteForm, TwoFactorPolicyForm } from './admin-forms';
import { AdminGuard } from './admin.guard';
import { AdminSecurityView } from './admin-security.view';

/** `/admin/security`: two-factor policy, invitations, and every account's security log. */
@UseGuards(AdminGuard)
@AccountArea()
@Controller('admin/security')
export class AdminSecurityPageController {
  constructor(
    private readonly view: AdminSecurityView,
    private readonly policy: TwoFactorPolicy,
    private readonly invites: InvitesService,
  ) {}

  @Get()
  page(@CurrentViewer() viewer: Viewer, @Res() res: Response): Promise<void> {
    return this.view.render(viewer, res, {});
  }

  @Post('two-factor')
  requireTwoFactor(
    @CurrentViewer() viewer: Viewer,
    @PageForm(TwoFactorPolicyForm) form: TwoFactorPolicyForm,
    @Res() res: Response,
  ): Promise<void> {
    return this.view.afterAction(viewer, res, async () => {
      if (!form.require)
        throw new DomainError(400, 'validation_failed', 'Choose who must use codes');
      await this.policy.set(form.require);
      return tk('Saved: who must use two-factor codes');
    });
  }

  @Post('invites')
  invite(
    @CurrentViewer() viewer: Viewer,
    @PageForm(InviteForm) form: InviteForm,
    @Res() res: Response,
  ): Promise<void> {
    return this.view.makeInvite(viewer, res, form);
  }

  @Post('invites/:id/revoke')
  revoke(
    @CurrentViewer() viewer: Viewer,
    @Param('id', ParseIntPipe) id: number,
    @Res() res: Response,
  ) {
    return this.view.afterAction(viewer, res, async () => {
      await this.invites.revoke(id);
      return tk('Invitation revoked');
    });
  }
}
