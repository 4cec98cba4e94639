import { Injectable } from '@nestjs/common';
import type { Response } from 'express';
import { ModerationService } from '../../admin/moderation.service';
import { showOutcome } from '../forms/form-outcome';
import { KIND_LABELS } from '../format';
import { Pages, Viewer } from '../pages';
import { wordsOf } from '../../i18n/language-of';

/** The view model of `/admin/takedowns`: shares taken down, with the reason visitors see. */
@Injectable()
export class AdminTakedownsView {
  constructor(
    private readonly pages: Pages,
    private readonly moderation: ModerationService,
  ) {}

  async render(viewer: Viewer, res: Response, page: number, data: object, status = 200) {
    const found = await this.moderation.takenDown(page);
    const w = wordsOf(res.req);
    const { total, pages } = found;
    const shares = found.shares.map((s) => ({
      ...s,
      kindLabel: w.t(KIND_LABELS[s.kind] ?? s.kind),
    }));
    const view = { section: 'admin' as const, shares, total, page, pages, ...data };
    this.pages.send(res, 'takedowns', 'Shares taken down', viewer, view, status);
  }

  /** Does an admin's action, then shows the first page with what came of it. */
  async afterAction(viewer: Viewer, res: Response, work: () => Promise<string>) {
    await showOutcome(work, (outcome, status) => this.render(viewer, res, 1, outcome, status));
  }
}
