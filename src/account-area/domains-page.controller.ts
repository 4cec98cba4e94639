import { Body, Controller, Get, Param, ParseIntPipe, Post, Res } from '@nestjs/common';
import type { Response } from 'express';
import { DomainError } from '../common/errors/domain-error';
import { CustomDomainDto } from '../custom-domains/dto/custom-domain.dto';
import { CustomDomainsService } from '../custom-domains/custom-domains.service';
import { AccountArea } from './account-area.decorator';
import { CurrentViewer } from './current-session.decorator';
import { filled } from './form';
import { Pages, Viewer } from './pages';

/** `/account/domains`: custom domains added, their DNS records shown and checked, removed. */
@AccountArea()
@Controller('account/domains')
export class DomainsPageController {
  constructor(
    private readonly pages: Pages,
    private readonly domains: CustomDomainsService,
  ) {}

  @Get()
  list(@CurrentViewer() viewer: Viewer, @Res() res: Response): Promise<void> {
    return this.show(viewer, res, {});
  }

  @Post()
  async add(@CurrentViewer() viewer: Viewer, @Body() body: unknown, @Res() res: Response) {
    const host = filled(body, ['host']).host ?? '';
    await this.attempt(viewer, res, { host }, async () => {
      const d = await this.domains.add(viewer.account!, host);
      return `Added ${d.host}: publish the records below, then check them`;
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
    const notice = checked.status === 'verified' ? `${checked.host} is verified` : undefined;
    await this.show(viewer, res, { notice }, checked);
  }

  @Post(':id/delete')
  async remove(
    @CurrentViewer() viewer: Viewer,
    @Param('id', ParseIntPipe) id: number,
    @Res() res: Response,
  ): Promise<void> {
    await this.attempt(viewer, res, {}, async () => {
      await this.domains.delete(viewer.account!.id, id, false);
      return 'Domain removed';
    });
  }

  private async attempt(
    viewer: Viewer,
    res: Response,
    data: Record<string, unknown>,
    work: () => Promise<string>,
  ) {
    try {
      const notice = await work();
      await this.show(viewer, res, { notice });
    } catch (e) {
      if (!(e instanceof DomainError) || e.status >= 500 || e.status === 404) throw e;
      await this.show(viewer, res, { ...data, error: e.message }, undefined, e.status);
    }
  }

  private async show(
    viewer: Viewer,
    res: Response,
    data: Record<string, unknown>,
    checked?: CustomDomainDto,
    status = 200,
  ) {
    const list = await this.domains.list(viewer.account!.id);
    const domains = list.map((d) =>
      d.id === checked?.id ? { ...checked, checked: true } : { ...d, checked: false },
    );
    this.pages.send(
      res,
      'domains',
      'Domains',
      viewer,
      { section: 'domains', domains, max: viewer.account!.maxCustomDomains, ...data },
      status,
    );
  }
}
