import { Injectable } from '@nestjs/common';
import type { Response } from 'express';
import { WebhooksService } from '../events/webhooks/webhooks.service';
import { tk } from '../i18n/i18n';
import { wordsOf } from '../i18n/language-of';
import { Pages, Viewer } from './pages';

export interface WebhooksPageData {
  notice?: string;
  error?: string;
  /** An endpoint just made: its secret, shown this once. */
  created?: { url: string; secret: string };
  form?: object;
}

/** `/account/webhooks` and one endpoint's delivery log, as the pages show them. */
@Injectable()
export class WebhooksPageView {
  constructor(
    private readonly pages: Pages,
    private readonly webhooks: WebhooksService,
  ) {}

  async list(viewer: Viewer, res: Response, data: WebhooksPageData, status = 200) {
    const w = wordsOf(res.req);
    const endpoints = (await this.webhooks.list(viewer.account!.id)).map((ep) => ({
      ...ep,
      created: w.time(new Date(ep.created_at * 1000)),
    }));
    this.pages.send(
      res,
      'webhooks',
      'Webhooks',
      viewer,
      { section: 'webhooks', endpoints, form: {}, ...data },
      status,
    );
  }

  async deliveries(viewer: Viewer, res: Response, id: number, page: number, data: object = {}) {
    const w = wordsOf(res.req);
    const accountId = viewer.account!.id;
    const endpoint = await this.webhooks.get(accountId, id);
    const rows = (await this.webhooks.deliveryLog(accountId, id, page, 30)).map((d) => ({
      ...d,
      created: w.time(new Date(d.created_at * 1000)),
      next: d.next_attempt_at === null ? null : w.time(new Date(d.next_attempt_at * 1000)),
    }));
    this.pages.send(res, 'webhook-deliveries', 'Deliveries', viewer, {
      section: 'webhooks',
      endpoint,
      deliveries: rows,
      page,
      more: rows.length === 30,
      ...data,
    });
  }
}

/** What the page says after each action on an endpoint. */
export const ACTION_NOTICES: Record<string, string> = {
  test: tk('A test event is on its way'),
  on: tk('The endpoint is on'),
  off: tk('The endpoint is off: nothing is sent to it'),
  delete: tk('The endpoint and its deliveries are gone'),
  retry: tk('The delivery is sent again'),
};
