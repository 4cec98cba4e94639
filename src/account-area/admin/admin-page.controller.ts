import { Controller, Get, Param, ParseIntPipe, Post, Res, UseGuards } from '@nestjs/common';
import type { Response } from 'express';
import { ModerationService } from '../../admin/moderation.service';
import { AccountsService } from '../../auth/accounts.service';
import { invalid } from '../../common/errors/domain-error';
import { AccountArea } from '../account-area.decorator';
import { CurrentViewer } from '../current-session.decorator';
import { PageForm, PageQuery } from '../forms/page-query.decorator';
import type { Viewer } from '../pages';
import { AdminAccountsView, planNotice } from './admin-accounts.view';
import { AdminAccountsQuery, PlanForm } from './admin-forms';
import { AdminGuard } from './admin.guard';
import { wordsOf } from '../../i18n/language-of';
import { tk } from '../../i18n/i18n';

/** `/admin`: accounts (plan, disable); takedowns, reports and domains have their own routes. */
// Listed first, applied last: AdminGuard runs after AccountArea's SessionGuard.
@UseGuards(AdminGuard)
@AccountArea()
@Controller('admin')
export class AdminPageController {
  constructor(
    private readonly view: AdminAccountsView,
    private readonly accounts: AccountsService,
    private readonly moderation: ModerationService,
  ) {}

  @Get()
  accountsPage(
    @CurrentViewer() viewer: Viewer,
    @PageQuery(AdminAccountsQuery) query: AdminAccountsQuery,
    @Res() res: Response,
  ) {
    return this.view.render(viewer, res, { q: query.q, page: query.page });
  }

  @Post('accounts/:id/plan')
  async setPlan(
    @CurrentViewer() viewer: Viewer,
    @Param('id', ParseIntPipe) id: number,
    @PageForm(PlanForm) form: PlanForm,
    @Res() res: Response,
  ): Promise<void> {
    const until = form.until ? new Date(`${form.until}T23:59:59.999Z`) : null;
    await this.view.afterAction(viewer, res, async () => {
      if (until && Number.isNaN(until.getTime())) {
        throw invalid('until', tk('The plan end is not a date'));
      }
      const account = await this.accounts.getById(id);
      await this.accounts.setPlan(account.email, form.plan ?? '', until);
      return planNotice(wordsOf(res.req), account.email, form.plan ?? '', form.until);
    });
  }

  @Post('accounts/:id/disable')
  async disable(
    @CurrentViewer() viewer: Viewer,
    @Param('id', ParseIntPipe) id: number,
    @Res() res: Response,
  ) {
    await this.view.afterAction(viewer, res, async () => {
      await this.moderation.disable(viewer.account!.id, id);
      return tk('Account disabled');
    });
  }

  @Post('accounts/:id/enable')
  async enable(
    @CurrentViewer() viewer: Viewer,
    @Param('id', ParseIntPipe) id: number,
    @Res() res: Response,
  ) {
    await this.view.afterAction(viewer, res, async () => {
      await this.moderation.enable(id);
      return tk('Account enabled');
    });
  }
}
