import { Injectable } from '@nestjs/common';
import type { Response } from 'express';
import { AbuseReportsService, SHARES_PER_PAGE } from '../../admin/abuse-reports.service';
import { showOutcome } from '../forms/form-outcome';
import { Pages, Viewer } from '../pages';
import { wordsOf } from '../../i18n/language-of';
import { KIND_LABELS } from '../format';

/** The view model of `/admin/reports`: reported shares, a page at a time, with their reports. */
@Injectable()
export class AdminReportsView {
  constructor(
    private readonly pages: Pages,
    private readonly reports: AbuseReportsService,
  ) {}

  async render(viewer: Viewer, res: Response, page: number, data: object, status = 200) {
    const totals = await this.reports.totals();
    const w = wordsOf(res.req);
    const shares = (await this.reports.reportedShares(page)).map((s) => ({
      ...s,
      kindLabel: KIND_LABELS[s.kind] ?? s.kind,
      first: w.time(s.firstAt),
      last: w.time(s.lastAt),
      latest: s.latest.map((r) => ({ ...r, created: w.time(r.createdAt) })),
    }));
    const pages = Math.max(1, Math.ceil(totals.shares / SHARES_PER_PAGE));
    const view = { section: 'admin' as const, shares, totals, page, pages, ...data };
    this.pages.send(res, 'reports', 'Reports of abuse', viewer, view, status);
  }

  /** Does an admin's action on a report, then shows the first page with what came of it. */
  async afterAction(viewer: Viewer, res: Response, work: () => Promise<string>) {
    await showOutcome(work, (outcome, status) => this.render(viewer, res, 1, outcome, status));
  }
}
