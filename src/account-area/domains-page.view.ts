import { Injectable } from '@nestjs/common';
import type { Response } from 'express';
import { CustomDomainDto } from '../custom-domains/dto/custom-domain.dto';
import { CustomDomainsService } from '../custom-domains/custom-domains.service';
import { Pages, Viewer } from './pages';

/** The view model of `/account/domains`: the claims, one of them with its DNS just checked. */
@Injectable()
export class DomainsPageView {
  constructor(
    private readonly pages: Pages,
    private readonly domains: CustomDomainsService,
  ) {}

  async render(
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
    const page = { section: 'domains' as const, domains, max: viewer.account!.maxCustomDomains };
    this.pages.send(res, 'domains', 'Domains', viewer, { ...page, ...data }, status);
  }
}
