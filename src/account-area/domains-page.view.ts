import { Injectable } from '@nestjs/common';
import type { Response } from 'express';
import { CustomDomainDto } from '../custom-domains/dto/custom-domain.dto';
import { CustomDomainsService } from '../custom-domains/custom-domains.service';
import { checkInWords } from './dns-words';
import { formOutcome } from './forms/form-outcome';
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
      d.id === checked?.id
        ? {
            ...checked,
            checked: true,
            records: checked.records.map((r) => ({ ...r, check: checkInWords(r) })),
          }
        : { ...d, checked: false },
    );
    const page = { section: 'domains' as const, domains, max: viewer.account!.maxCustomDomains };
    this.pages.send(res, 'domains', 'Domains', viewer, { ...page, ...data }, status);
  }

  /**
   * The page after a form: `work`'s notice, or its refusal beside what was typed (`data`). A
   * domain that is not theirs goes on to the filter as a 404.
   */
  async afterForm(
    viewer: Viewer,
    res: Response,
    data: Record<string, unknown>,
    work: () => Promise<string>,
  ): Promise<void> {
    const out = await formOutcome(work, [404]);
    if (!out.error) return this.render(viewer, res, { notice: out.ok });
    const again = { ...data, error: out.error.message };
    await this.render(viewer, res, again, undefined, out.error.status);
  }
}
