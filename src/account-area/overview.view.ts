import { Injectable } from '@nestjs/common';
import type { Response } from 'express';
import { StatsService } from '../analytics/stats/stats.service';
import { StatsQuery } from '../analytics/stats/dto/stats.query';
import { AccountOverviewService } from '../account/account-overview.service';
import { DomainsService } from '../domains/domains.service';
import { WebhooksService } from '../events/webhooks/webhooks.service';
import { LinksService } from '../links/links.service';
import { UsageService } from '../auth/plans/usage.service';
import { formatBytes, KIND_LABELS, jsonIsland } from './format';
import { tk } from '../i18n/i18n';
import { wordsOf } from '../i18n/language-of';
import { Pages, Viewer } from './pages';

interface Meter {
  key: string;
  label: string;
  used: number;
  max?: number;
  text: string;
}

/** The view model of `/account`: plan, usage against its limits, recent visits and shares. */
@Injectable()
export class OverviewView {
  constructor(
    private readonly pages: Pages,
    private readonly accounts: AccountOverviewService,
    private readonly links: LinksService,
    private readonly stats: StatsService,
    private readonly usage: UsageService,
    private readonly domains: DomainsService,
    private readonly webhooks: WebhooksService,
  ) {}

  async render(viewer: Viewer, res: Response): Promise<void> {
    const account = viewer.account!;
    const [described, recent, visits, used, hooks] = await Promise.all([
      this.accounts.describe(account.id),
      this.links.list(account.id, {}, 1, 5),
      this.stats.accountStats(account.id, Object.assign(new StatsQuery(), { interval: 'day' })),
      this.usage.report(account.id),
      this.webhooks.list(account.id),
    ]);
    const { plan, usage } = described;
    const limits = account.usageLimits;
    const w = wordsOf(res.req);
    const n = w.number;
    const monthly = (key: string, label: string, metric: 'link' | 'text' | 'upload'): Meter => {
      const used_ = used(metric, 'month');
      const max = limits[`${metric}_month`];
      const month = max
        ? w.t('{{used}} of {{max}} this month', { used: n(used_), max: n(max) })
        : w.t('{{used}} this month', { used: n(used_) });
      return { key, label: w.t(label), used: used_, max, text: month };
    };
    const inAll = (count: number, month: Meter) =>
      w.t('{{count}} in all, {{month}}', { count, month: month.text });
    const domains = this.domains.customHostsOf(account.id).length;
    const links = monthly('links', tk('Links'), 'link');
    const texts = monthly('texts', tk('Texts'), 'text');
    const files = monthly('files', tk('Files'), 'upload');
    const meters: Meter[] = [
      {
        key: 'storage',
        label: w.t('Storage'),
        used: usage.storage_bytes,
        max: plan.storage_quota_bytes,
        text: w.t('{{used}} of {{max}}', {
          used: formatBytes(usage.storage_bytes),
          max: formatBytes(plan.storage_quota_bytes),
        }),
      },
      { ...links, text: inAll(usage.links, links) },
      { ...texts, text: inAll(usage.texts, texts) },
      { ...files, text: inAll(usage.files, files) },
      {
        key: 'domains',
        label: w.t('Custom domains'),
        used: domains,
        max: account.maxCustomDomains,
        text: w.t('{{used}} of {{max}}', { used: n(domains), max: n(account.maxCustomDomains) }),
      },
    ];
    const series = {
      label: w.t('Visits'),
      labels: visits.series.map((p) => new Date(p.t * 1000).toISOString().slice(5, 10)),
      values: visits.series.map((p) => p.visits),
    };
    this.pages.send(res, 'overview', 'Overview', viewer, {
      section: 'overview',
      charts: true,
      plan: {
        name: plan.name,
        expiresAt: plan.expires_at ? new Date(plan.expires_at * 1000).toISOString() : null,
        maxFile: formatBytes(plan.max_file_bytes),
      },
      meters,
      recent,
      // Endpoints the service switched off: their owner hears of it here first.
      switchedOff: hooks.filter((h) => h.disabled_reason !== null).map((h) => h.url),
      kindLabels: KIND_LABELS,
      visits: {
        total: visits.totals.visits,
        json: jsonIsland(series),
      },
    });
  }
}
