import { Controller, Get, Param, ParseIntPipe, Post, Res, UseGuards } from '@nestjs/common';
import type { Response } from 'express';
import { AccountsService } from '../../auth/accounts.service';
import { CustomDomainsService } from '../../custom-domains/custom-domains.service';
import { AccountArea } from '../account-area.decorator';
import { AdminGuard } from './admin.guard';
import { formOutcome } from '../forms/form-outcome';
import { CurrentViewer } from '../current-session.decorator';
import { Pages, Viewer } from '../pages';
import { wordsOf } from '../../i18n/language-of';
import { tk } from '../../i18n/i18n';

/** `/admin/domains`: every account's custom-domain claims, in any state; an admin removes any. */
@UseGuards(AdminGuard)
@AccountArea()
@Controller('admin/domains')
export class AdminDomainsPageController {
  constructor(
    private readonly pages: Pages,
    private readonly customDomains: CustomDomainsService,
    private readonly accounts: AccountsService,
  ) {}

  @Get()
  list(@CurrentViewer() viewer: Viewer, @Res() res: Response) {
    return this.show(viewer, res, {});
  }

  @Post(':id/remove')
  async remove(
    @CurrentViewer() viewer: Viewer,
    @Param('id', ParseIntPipe) id: number,
    @Res() res: Response,
  ): Promise<void> {
    const out = await formOutcome(() => this.customDomains.removeAny(id));
    if (out.error) return this.show(viewer, res, { error: out.error.message }, out.error.status);
    await this.show(viewer, res, { notice: tk('Custom domain removed, with its shares') });
  }

  private async show(viewer: Viewer, res: Response, data: object, status = 200) {
    const emails = new Map<number, string>();
    const claims = [];
    for (const c of await this.customDomains.listAll()) {
      if (!emails.has(c.account_id)) {
        emails.set(c.account_id, (await this.accounts.getById(c.account_id)).email);
      }
      const created = wordsOf(res.req).time(c.created_at);
      claims.push({ ...c, email: emails.get(c.account_id), created });
    }
    const page = { section: 'admin' as const, claims, ...data };
    this.pages.send(res, 'admin-domains', 'Custom domains', viewer, page, status);
  }
}
