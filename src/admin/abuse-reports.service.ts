import { Injectable } from '@nestjs/common';
import { createHmac, randomBytes } from 'node:crypto';
import { Clock } from '../common/clock';
import { DomainError } from '../common/errors/domain-error';
import { Env } from '../config/env';
import { LinkBlocks } from '../links/link-blocks';
import { VisitsService } from '../links/resolve/visits.service';
import { ABUSE_REASONS, AbuseReason } from './abuse-report.entity';
import { AbuseReportsRepository } from './abuse-reports.repository';

export interface ReportInput {
  url: string;
  reason: string;
  details: string;
  email?: string;
  /** The sender's address: only a keyed hash of it is kept. */
  ip: string;
}

/** One share's open reports, for the admin area. */
export interface ReportedShare {
  /** The newest report's id: what the admin's actions name. */
  id: number;
  linkId: number;
  shortUrl: string;
  kind: string;
  reports: number;
  reasons: { reason: string; reports: number }[];
  firstAt: Date;
  lastAt: Date;
  latest: { reason: string; details: string; reporterEmail: string | null; createdAt: Date }[];
}

/** Beyond this many open reports a share's new ones are thanked and not kept. */
const MAX_OPEN_PER_SHARE = 100;
const LATEST_SHOWN = 5;
export const SHARES_PER_PAGE = 20;

/**
 * Reports of abuse: anyone may send one about a share's address (one open report per sender and
 * share, so a few addresses cannot bury the others); admins read them per share, newest first.
 */
@Injectable()
export class AbuseReportsService {
  private readonly senderSecret: string;

  constructor(
    private readonly reports: AbuseReportsRepository,
    private readonly visits: VisitsService,
    private readonly blocks: LinkBlocks,
    private readonly clock: Clock,
    env: Env,
  ) {
    this.senderSecret = env.AUTH_COOKIE_SECRET ?? randomBytes(32).toString('hex');
  }

  async report(input: ReportInput): Promise<void> {
    let url: URL;
    try {
      url = new URL(input.url);
    } catch {
      throw new DomainError(400, 'validation_failed', 'Give the address of the share');
    }
    if (!(ABUSE_REASONS as readonly string[]).includes(input.reason)) {
      throw new DomainError(400, 'validation_failed', 'Choose a reason');
    }
    const slug = url.pathname.split('/')[1] ?? '';
    const link = await this.visits.lookup(url.host, slug).catch(() => {
      throw new DomainError(404, 'not_found', 'There is no share at this address');
    });
    const senderKey = createHmac('sha256', this.senderSecret)
      .update(`report:${input.ip}`)
      .digest('hex');
    // The sender is thanked either way: a repeat or a flood learns nothing from the answer.
    if (await this.reports.hasOpenFrom(link.id, senderKey)) return;
    if ((await this.reports.countOpenOf(link.id)) >= MAX_OPEN_PER_SHARE) return;
    await this.reports.insert({
      linkId: link.id,
      reason: input.reason as AbuseReason,
      details: input.details.slice(0, 2000),
      reporterEmail: input.email?.slice(0, 254) || null,
      senderKey,
      status: 'open',
      createdAt: new Date(this.clock.now()),
      resolvedAt: null,
    });
  }

  /** Open reports in all, and how many shares they are about. */
  totals() {
    return this.reports.openTotals();
  }

  /** A page of reported shares, the most recently reported first. */
  async reportedShares(page: number): Promise<ReportedShare[]> {
    const groups = await this.reports.openGroups((page - 1) * SHARES_PER_PAGE, SHARES_PER_PAGE);
    const out: ReportedShare[] = [];
    for (const g of groups) {
      const link = await this.blocks.describe(g.linkId);
      if (!link) continue;
      const latest = await this.reports.latestOpenOf(g.linkId, LATEST_SHOWN);
      out.push({
        id: g.latestId,
        linkId: g.linkId,
        shortUrl: link.shortUrl,
        kind: link.kind,
        reports: g.reports,
        reasons: await this.reports.openReasonsOf(g.linkId),
        firstAt: g.firstAt,
        lastAt: g.lastAt,
        latest: latest.map((r) => ({
          reason: r.reason,
          details: r.details,
          reporterEmail: r.reporterEmail,
          createdAt: r.createdAt,
        })),
      });
    }
    return out;
  }

  /** The share an open report is about; 404 once it is closed. */
  async shareOf(reportId: number): Promise<{ linkId: number; reason: string }> {
    const report = await this.reports.getOpen(reportId);
    if (!report) throw new DomainError(404, 'not_found', 'This report is closed already');
    return { linkId: report.linkId, reason: report.reason };
  }
}
