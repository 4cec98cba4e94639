import {
  Body,
  Controller,
  Get,
  Param,
  ParseIntPipe,
  Post,
  Query,
  Res,
  UseGuards,
} from '@nestjs/common';
import type { Response } from 'express';
import { AbuseReportsService } from '../../admin/abuse-reports.service';
import { ModerationService } from '../../admin/moderation.service';
import { AccountsService } from '../../auth/accounts.service';
import { DomainError } from '../../common/errors/domain-error';
import { LinksService } from '../../links/links.service';
import { VisitsService } from '../../links/resolve/visits.service';
import { AccountArea } from '../account-area.decorator';
import { CurrentViewer } from '../current-session.decorator';
import { filled } from '../form';
import { formatBytes, formatTime } from '../format';
import { Pages, Viewer } from '../pages';
import { AdminGuard } from './admin.guard';

/** `/admin`: accounts (plan, disable) and takedowns; reports and domains have their own pages. */
// Listed first, applied last: AdminGuard runs after AccountArea's SessionGuard.
@UseGuards(AdminGuard)
@AccountArea()
@Controller('admin')
export class AdminPageController {
  constructor(
    private readonly pages: Pages,
    private readonly accounts: AccountsService,
    private readonly moderation: ModerationService,
    private readonly reports: AbuseReportsService,
    private readonly visits: VisitsService,
    private readonly links: LinksService,
  ) {}

  @Get()
  accountsPage(@CurrentViewer() viewer: Viewer, @Query('q') q: unknown, @Res() res: Response) {
    return this.show(viewer, res, { q: typeof q === 'string' ? q.slice(0, 254) : '' });
  }

  @Post('accounts/:id/plan')
  async setPlan(
    @CurrentViewer() viewer: Viewer,
    @Param('id', ParseIntPipe) id: number,
    @Body() body: unknown,
    @Res() res: Response,
  ): Promise<void> {
    const form = filled(body, ['plan', 'until']);
    const until = form.until ? new Date(`${form.until}T23:59:59.999Z`) : null;
    await this.act(viewer, res, async () => {
      if (until && Number.isNaN(until.getTime())) {
        throw new DomainError(400, 'validation_failed', 'The plan end is not a date');
      }
      const account = await this.accounts.getById(id);
      await this.accounts.setPlan(account.email, form.plan ?? '', until);
      return `${account.email} is on ${form.plan}${until ? ` until ${form.until}` : ''}`;
    });
  }

  @Post('accounts/:id/disable')
  async disable(
    @CurrentViewer() viewer: Viewer,
    @Param('id', ParseIntPipe) id: number,
    @Res() res: Response,
  ) {
    await this.act(viewer, res, async () => {
      await this.moderation.disable(viewer.account!.id, id);
      return 'Account disabled';
    });
  }

  @Post('accounts/:id/enable')
  async enable(
    @CurrentViewer() viewer: Viewer,
    @Param('id', ParseIntPipe) id: number,
    @Res() res: Response,
  ) {
    await this.act(viewer, res, async () => {
      await this.moderation.enable(id);
      return 'Account enabled';
    });
  }

  @Post('takedown')
  async takeDown(@CurrentViewer() viewer: Viewer, @Body() body: unknown, @Res() res: Response) {
    const form = filled(body, ['url', 'reason']);
    await this.act(viewer, res, async () => {
      const url = new URL(form.url ?? 'invalid:');
      const link = await this.visits.lookup(url.host, url.pathname.split('/')[1] ?? '');
      await this.moderation.takeDown(link.id, form.reason ?? '');
      return `Taken down: ${form.url}`;
    });
  }

  private async act(viewer: Viewer, res: Response, work: () => Promise<string>) {
    try {
      await this.show(viewer, res, { q: '', notice: await work() });
    } catch (caught) {
      const e =
        caught instanceof TypeError
          ? new DomainError(400, 'validation_failed', 'Give the full address')
          : caught;
      if (!(e instanceof DomainError) || e.status >= 500) throw e;
      await this.show(viewer, res, { q: '', error: e.message }, e.status);
    }
  }

  private async show(viewer: Viewer, res: Response, data: Record<string, unknown>, status = 200) {
    const rows = await this.accounts.listForAdmin(typeof data.q === 'string' ? data.q : '', 1, 100);
    const accounts = rows.map((a) => ({
      ...a,
      created: formatTime(a.createdAt).slice(0, 10),
      storage: formatBytes(a.storageBytes),
      planEnd: a.planExpiresAt ? `until ${formatTime(a.planExpiresAt).slice(0, 10)}` : 'no end',
      planEndValue: a.planExpiresAt ? a.planExpiresAt.toISOString().slice(0, 10) : '',
    }));
    const openReports = (await this.reports.totals()).reports;
    this.pages.send(
      res,
      'admin',
      'Admin',
      viewer,
      { section: 'admin', accounts, openReports, ...data },
      status,
    );
  }
}
