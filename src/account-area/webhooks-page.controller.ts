import { Controller, Get, Param, ParseIntPipe, Post, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { WebhooksService } from '../events/webhooks/webhooks.service';
import { tk } from '../i18n/i18n';
import { wordsOf } from '../i18n/language-of';
import { AccountArea } from './account-area.decorator';
import { CurrentViewer } from './current-session.decorator';
import { formOutcome } from './forms/form-outcome';
import { PageForm } from './forms/page-query.decorator';
import { webhookRequestOf, WebhookForm } from './forms/webhook.form';
import { Viewer } from './pages';
import { ACTION_NOTICES, WebhooksPageView } from './webhooks-page.view';

/** `/account/webhooks`: endpoints made, tested, switched on and off; their delivery logs. */
@AccountArea()
@Controller('account/webhooks')
export class WebhooksPageController {
  constructor(
    private readonly view: WebhooksPageView,
    private readonly webhooks: WebhooksService,
  ) {}

  @Get()
  list(@CurrentViewer() viewer: Viewer, @Res() res: Response): Promise<void> {
    return this.view.list(viewer, res, {});
  }

  /** The secret is in this answer only. */
  @Post()
  async create(
    @CurrentViewer() viewer: Viewer,
    @PageForm(WebhookForm) form: WebhookForm,
    @Res() res: Response,
  ) {
    const { dto, error } = await webhookRequestOf(form, wordsOf(res.req));
    if (!dto) return this.view.list(viewer, res, { error, form }, 400);
    const out = await formOutcome(() => this.webhooks.create(viewer.account!.id, dto));
    if (out.error)
      return this.view.list(viewer, res, { error: out.error.message, form }, out.error.status);
    const created = { url: out.ok.url, secret: out.ok.secret };
    return this.view.list(viewer, res, { created }, 201);
  }

  @Get(':id')
  deliveries(
    @CurrentViewer() viewer: Viewer,
    @Param('id', ParseIntPipe) id: number,
    @Query('page') page: string | undefined,
    @Res() res: Response,
  ) {
    return this.view.deliveries(viewer, res, id, Math.max(1, Number(page) || 1));
  }

  /** `action`: test, on, off, delete; or retry (with `delivery`). */
  @Post(':id/:action')
  async act(
    @CurrentViewer() viewer: Viewer,
    @Param('id', ParseIntPipe) id: number,
    @Param('action') action: string,
    @Query('delivery') delivery: string | undefined,
    @Res() res: Response,
  ) {
    const accountId = viewer.account!.id;
    const w = wordsOf(res.req);
    const back = (notice: string) =>
      action === 'delete'
        ? this.view.list(viewer, res, { notice })
        : this.view.deliveries(viewer, res, id, 1, { notice });
    if (action === 'test') await this.webhooks.sendTest(accountId, id);
    else if (action === 'on' || action === 'off')
      await this.webhooks.update(accountId, id, { enabled: action === 'on' });
    else if (action === 'delete') await this.webhooks.delete(accountId, id);
    else if (action === 'retry') await this.webhooks.retry(accountId, id, Number(delivery));
    else return this.view.list(viewer, res, { error: w.t(tk('Unknown action')) }, 404);
    return back(w.t(ACTION_NOTICES[action]));
  }
}
