import { Controller, Get, Param, ParseIntPipe, Post, Res } from '@nestjs/common';
import type { Response } from 'express';
import { CustomDomainsService } from '../custom-domains/custom-domains.service';
import { AccountArea } from './account-area.decorator';
import { CurrentViewer } from './current-session.decorator';
import { HostForm } from './forms/host.form';
import { PageForm } from './forms/page-query.decorator';
import { DomainsPageView } from './domains-page.view';
import type { Viewer } from './pages';
import { wordsOf } from '../i18n/language-of';
import { tk } from '../i18n/i18n';

/** `/account/domains`: custom domains added, their DNS records shown and checked, removed. */
@AccountArea()
@Controller('account/domains')
export class DomainsPageController {
  constructor(
    private readonly view: DomainsPageView,
    private readonly domains: CustomDomainsService,
  ) {}

  @Get()
  list(@CurrentViewer() viewer: Viewer, @Res() res: Response): Promise<void> {
    return this.view.render(viewer, res, {});
  }

  @Post()
  async add(
    @CurrentViewer() viewer: Viewer,
    @PageForm(HostForm) form: HostForm,
    @Res() res: Response,
  ) {
    const host = form.host ?? '';
    await this.view.afterForm(viewer, res, { host }, async () => {
      const d = await this.domains.add(viewer.account!, host);
      return wordsOf(res.req).t('Added {{host}}: publish the records below, then check them', {
        host: d.host,
      });
    });
  }

  /** The check's answer per record is shown beside each record. */
  @Post(':id/verify')
  async verify(
    @CurrentViewer() viewer: Viewer,
    @Param('id', ParseIntPipe) id: number,
    @Res() res: Response,
  ): Promise<void> {
    const checked = await this.domains.verify(viewer.account!.id, id);
    const notice =
      checked.status === 'verified'
        ? wordsOf(res.req).t('{{host}} is verified', { host: checked.host })
        : undefined;
    await this.view.render(viewer, res, { notice }, checked);
  }

  @Post(':id/delete')
  async remove(
    @CurrentViewer() viewer: Viewer,
    @Param('id', ParseIntPipe) id: number,
    @Res() res: Response,
  ): Promise<void> {
    await this.view.afterForm(viewer, res, {}, async () => {
      await this.domains.delete(viewer.account!.id, id, false);
      return tk('Domain removed');
    });
  }
}
