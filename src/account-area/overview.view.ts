import { Injectable } from '@nestjs/common';
import type { Response } from 'express';
import { StatsService } from '../analytics/stats/stats.service';
import { StatsQuery } from '../analytics/stats/dto/stats.query';
import { AccountOverviewService } from '../account/account-overview.service';
import { DomainsService } from '../domains/domains.service';
import { LinksService } from '../links/links.service';
import { UsageService } from '../auth/plans/usage.service';
import { formatBytes } from './format';
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
  ) {}

  async render(viewer: Viewer, res: Response): Promise<void> {
    const account = viewer.account!;
    const [described, recent, visits, used] = await Promise.all([
      this.accounts.describe(account.id),
      this.links.list(account.id, {}, 1, 5),
      this.stats.accountStats(account.id, Object.assign(new StatsQuery(), { interval: 'day' })),
      this.usage.report(account.id),
    ]);
    const { plan, usage } = described;
    const limits = account.usageLimits;
    const monthly = (key: string, label: string, metric: 'link' | 'text' | 'upload'): Meter => {
      const n = used(metric, 'month');
      const max = limits[`${metric}_month`];
      return {
        key,
        label,
        used: n,
        max,
        text: max ? `${n} of ${max} this month` : `${n} this month`,
      };
    };
    const domains = this.domains.customHostsOf(account.id).length;
    const meters: Meter[] = [
      {
        key: 'storage',
        label: 'Storage',
        used: usage.storage_bytes,
        max: plan.storage_quota_bytes,
        text: `${formatBytes(usage.storage_bytes)} of ${formatBytes(plan.storage_quota_bytes)}`,
      },
      {
        ...monthly('links', 'Links', 'link'),
        text: `${usage.links} in all, ${monthly('l', '', 'link').text}`,
      },
      {
        ...monthly('texts', 'Texts', 'text'),
        text: `${usage.texts} in all, ${monthly('t', '', 'text').text}`,
      },
      {
        ...monthly('files', 'Files', 'upload'),
        text: `${usage.files} in all, ${monthly('f', '', 'upload').text}`,
      },
      {
        key: 'domains',
        label: 'Custom domains',
        used: domains,
        max: account.maxCustomDomains,
        text: `${domains} of ${account.maxCustomDomains}`,
      },
    ];
    const series = {
      label: 'Visits',
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
      // JSON in a non-executing script element: `<` escaped so no markup can close it early.
      visits: {
        total: visits.totals.visits,
        json: JSON.stringify(series).replace(/</g, '\\u003c'),
      },
    });
  }
}
