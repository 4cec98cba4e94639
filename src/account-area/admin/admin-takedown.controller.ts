import { Controller, Post, Res, UseGuards } from '@nestjs/common';
import type { Response } from 'express';
import { ModerationService } from '../../admin/moderation.service';
import { VisitsService } from '../../links/resolve/visits.service';
import { AccountArea } from '../account-area.decorator';
import { CurrentViewer } from '../current-session.decorator';
import { PageForm } from '../forms/page-query.decorator';
import type { Viewer } from '../pages';
import { AdminAccountsView } from './admin-accounts.view';
import { AdminGuard } from './admin.guard';
import { TakeDownForm } from './admin-forms';

/** `POST /admin/takedown`: an admin takes any share down by its full address. */
// Listed first, applied last: AdminGuard runs after AccountArea's SessionGuard.
@UseGuards(AdminGuard)
@AccountArea()
@Controller('admin/takedown')
export class AdminTakeDownController {
  constructor(
    private readonly view: AdminAccountsView,
    private readonly moderation: ModerationService,
    private readonly visits: VisitsService,
  ) {}

  @Post()
  async takeDown(
    @CurrentViewer() viewer: Viewer,
    @PageForm(TakeDownForm) form: TakeDownForm,
    @Res() res: Response,
  ) {
    await this.view.afterAction(viewer, res, async () => {
      const url = new URL(form.url ?? 'invalid:');
      const link = await this.visits.lookup(url.host, url.pathname.split('/')[1] ?? '');
      await this.moderation.takeDown(link.id, form.reason ?? '');
      return `Taken down: ${form.url}`;
    });
  }
}
