import { Injectable } from '@nestjs/common';
import type { Response } from 'express';
import { CustomDomainDto } from '../custom-domains/dto/custom-domain.dto';
import { CustomDomainsService } from '../custom-domains/custom-domains.service';
import { checkInWords } from './dns-words';
import { Outcome, showOutcome } from './forms/form-outcome';
import { Pages, Viewer } from './pages';
import { wordsOf } from '../i18n/language-of';

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
            records: checked.records.map((r) => ({
              ...r,
              check: checkInWords(r, wordsOf(res.req)),
            })),
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
    // A refusal shows what was typed again beside it.
    const show = (outcome: Outcome, status?: number) =>
      this.render(
        viewer,
        res,
        outcome.error ? { ...data, ...outcome } : outcome,
        undefined,
        status,
      );
    await showOutcome(work, show, [404]);
  }
}
