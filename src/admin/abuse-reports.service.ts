import { Injectable } from '@nestjs/common';
import { Clock } from '../common/clock';
import { DomainError } from '../common/errors/domain-error';
import { LinkBlocks } from '../links/link-blocks';
import { VisitsService } from '../links/visits/visits.service';
import { ABUSE_REASONS, AbuseReason } from './abuse-report.entity';
import { AbuseReportsRepository } from './abuse-reports.repository';

export interface ReportInput {
  url: string;
  reason: string;
  details: string;
  email?: string;
}

export interface OpenReport {
  id: number;
  linkId: number;
  shortUrl: string;
  kind: string;
  reason: string;
  details: string;
  reporterEmail: string | null;
  createdAt: Date;
}

/** Reports of abuse: anyone may send one about a share's address; admins read the open ones. */
@Injectable()
export class AbuseReportsService {
  constructor(
    private readonly reports: AbuseReportsRepository,
    private readonly visits: VisitsService,
    private readonly blocks: LinkBlocks,
    private readonly clock: Clock,
  ) {}

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
    await this.reports.insert({
      linkId: link.id,
      reason: input.reason as AbuseReason,
      details: input.details.slice(0, 2000),
      reporterEmail: input.email?.slice(0, 254) || null,
      status: 'open',
      createdAt: new Date(this.clock.now()),
      resolvedAt: null,
    });
  }

  async open(): Promise<OpenReport[]> {
    const rows = await this.reports.listOpen(100);
    const out: OpenReport[] = [];
    for (const r of rows) {
      const link = await this.blocks.describe(r.linkId);
      if (!link) continue;
      out.push({
        id: r.id,
        linkId: r.linkId,
        shortUrl: link.shortUrl,
        kind: link.kind,
        reason: r.reason,
        details: r.details,
        reporterEmail: r.reporterEmail,
        createdAt: r.createdAt,
      });
    }
    return out;
  }
}
