import { Injectable } from '@nestjs/common';
import type { Response } from 'express';
import { pipeline } from 'node:stream/promises';
import { AuditLogService } from '../events/audit/audit-log.service';
import type { AuditEntryDto } from '../events/audit/dto/audit-entry.dto';
import { tk } from '../i18n/i18n';
import type { Words } from '../i18n/i18n';
import { wordsOf } from '../i18n/language-of';
import { ACTIVITY_FAMILIES, ActivityQuery, activityFilter } from './forms/activity.query';
import { Pages, Viewer } from './pages';

const PER_PAGE = 50;

const FAMILY_WORDS: Record<(typeof ACTIVITY_FAMILIES)[number], string> = {
  link: tk('Links'),
  text: tk('Texts'),
  file: tk('Files'),
  bundle: tk('Bundles'),
  bio: tk('Bio pages'),
  domain: tk('Domains'),
  share: tk('Take-downs'),
  account: tk('Account and security'),
};

const CLIENT_WORDS: Record<string, string> = {
  browser: tk('Browser'),
  api: tk('API'),
  see: tk('S.EE API'),
  smms: tk('SM.MS API'),
  yourls: tk('YOURLS API'),
  tus: tk('Resumable upload'),
  mcp: tk('Agent (MCP)'),
  cli: tk('Operator (command line)'),
};

const RESOURCE_WORDS: Record<string, string> = {
  link: tk('Link'),
  text: tk('Text'),
  file: tk('File'),
  bundle: tk('Bundle'),
  bio: tk('Bio page'),
  domain: tk('Domain'),
  share: tk('Share'),
  account: tk('Account'),
};

/** Who acted, in words. */
function actorWords(w: Words, a: AuditEntryDto['actor']): string {
  if (a.type === 'token') return w.t('API token #{{id}}', { id: a.id ?? '' });
  if (a.type === 'session') return w.t('You, in a browser');
  if (a.type === 'account') return w.t('You');
  if (a.type === 'admin') return w.t('An admin (#{{id}})', { id: a.id ?? '' });
  return w.t('The service');
}

/** `/account/activity` and `/admin/activity`: the audit log, filtered and paged. */
@Injectable()
export class ActivityPageView {
  constructor(
    private readonly pages: Pages,
    private readonly audit: AuditLogService,
  ) {}

  /** Every match as CSV (one account's, or every account's for admins). */
  async csv(res: Response, q: ActivityQuery, accountId?: number): Promise<void> {
    res.status(200).set({
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${accountId ? 'activity' : 'activity-all'}.csv"`,
      'Cache-Control': 'no-store',
    });
    await pipeline(this.audit.csv({ ...activityFilter(q), accountId }), res);
  }

  async render(viewer: Viewer, res: Response, q: ActivityQuery, all: boolean): Promise<void> {
    const w = wordsOf(res.req);
    const filter = { ...activityFilter(q), accountId: all ? undefined : viewer.account!.id };
    const items = await this.audit.list(filter, q.page, PER_PAGE);
    const rows = items.map((e) => ({
      when: w.time(new Date(e.at * 1000)),
      action: e.action,
      who: actorWords(w, e.actor),
      through: e.client ? w.t(CLIENT_WORDS[e.client] ?? e.client) : '',
      what: `${w.t(RESOURCE_WORDS[e.resource.type] ?? e.resource.type)}${e.resource.id === null ? '' : ` #${e.resource.id}`}`,
    }));
    const base = all ? '/admin/activity' : '/account/activity';
    const params = new URLSearchParams(
      Object.entries({ action: q.action, from: q.from, to: q.to }).filter(
        (kv): kv is [string, string] => kv[1] !== undefined,
      ),
    );
    this.pages.send(res, 'activity', all ? 'Activity of every account' : 'Activity', viewer, {
      section: all ? 'admin' : 'security',
      base,
      query: q,
      families: ACTIVITY_FAMILIES.map((f) => ({ value: f, label: w.t(FAMILY_WORDS[f]) })),
      rows,
      page: q.page,
      more: items.length === PER_PAGE,
      params: params.toString(),
      csv: `${base}.csv${params.size ? `?${params.toString()}` : ''}`,
    });
  }
}
