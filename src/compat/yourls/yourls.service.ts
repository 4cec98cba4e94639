import { Injectable } from '@nestjs/common';
import { DomainError } from '../../common/errors/domain-error';
import { SLUG_PATTERN } from '../../common/slug';
import { LinkDto } from '../../links/dto/link.dto';
import { LinkSort } from '../../links/link-filter';
import { normalizeUrl } from '../../links/link-values';
import { LinksService } from '../../links/links.service';
import type { UsageOwner } from '../../auth/plans/usage.service';
import { YourlsResult } from './yourls-output';

/** The YOURLS API level whose shapes we answer in (`action=version`). */
export const YOURLS_VERSION = '1.9.2';
const NEED_FORMAT = 'Need either XML or JSON format for stats';

/** `2026-11-22 16:04:05`, YOURLS's (UTC here) timestamp. */
const yourlsDate = (unix: number) =>
  new Date(unix * 1000).toISOString().slice(0, 19).replace('T', ' ');

/** YOURLS's `filter` of `stats`: most clicked (its default), least, newest, shuffled. */
const ORDERS: Record<string, LinkSort> = {
  top: 'visits',
  bottom: 'fewest_visits',
  last: 'newest',
  rand: 'random',
  random: 'random',
};
/** Our bound on one `stats` answer (YOURLS has none). */
const MAX_STATS_LINKS = 1000;

/** PHP's intval of a request parameter: leading digits, else 0, at most the largest integer. */
const intval = (v: string | undefined) =>
  Math.min(parseInt(v ?? '', 10) || 0, Number.MAX_SAFE_INTEGER);

/** YOURLS's actions over our links: `shorturl`, `expand`, `url-stats`, `stats`, `db-stats`, `version`. */
@Injectable()
export class YourlsService {
  constructor(private readonly links: LinksService) {}

  async shorturl(
    owner: UsageOwner,
    p: Record<string, string | undefined>,
    ip: string,
  ): Promise<YourlsResult> {
    const url = p.url?.trim() ?? '';
    // The API's own URL rules (normalizeUrl), answered as YOURLS answers a bad URL.
    const problem = urlProblem(url);
    if (problem) {
      const body = { status: 'fail', code: 'error:nourl', message: problem, errorCode: '400' };
      return { body, simple: body.message };
    }
    // YOURLS strips what a keyword may not hold; a taken one gets a random slug (as S.EE does).
    const keyword = (p.keyword ?? '').replace(/[^A-Za-z0-9_-]/g, '').slice(0, 64);
    const title = p.title?.trim().slice(0, 200) || undefined;
    const input = { kind: 'redirect' as const, targetUrl: url, title, domain: p.domain };
    const created = await this.create(owner, input, keyword);
    const link = await this.links.get(owner.id, { id: created.id });
    const shown = link.title ?? link.target_url!;
    const body = {
      url: {
        keyword: link.slug,
        url: link.target_url,
        title: shown,
        date: yourlsDate(link.created_at),
        ip,
      },
      status: 'success',
      message: `${link.target_url} added to database`,
      title: shown,
      shorturl: link.short_url,
      statusCode: '200',
    };
    return { body, simple: link.short_url };
  }

  async expand(accountId: number, shorturl: string | undefined): Promise<YourlsResult> {
    const link = await this.find(accountId, shorturl);
    if (!link) return notFound(shorturl);
    const body = {
      keyword: link.slug,
      shorturl: link.short_url,
      longurl: link.target_url,
      title: link.title ?? link.target_url,
      message: 'success',
      statusCode: '200',
    };
    return { body, simple: link.target_url! };
  }

  async urlStats(accountId: number, shorturl: string | undefined): Promise<YourlsResult> {
    const link = await this.find(accountId, shorturl);
    if (!link) return { ...notFound(shorturl), simple: NEED_FORMAT };
    const body = { statusCode: '200', message: 'success', link: linkStats(link) };
    return { body, simple: NEED_FORMAT };
  }

  /** The totals, and with `limit` that many links from `start` in the `filter`'s order. */
  async stats(accountId: number, p: Record<string, string | undefined>): Promise<YourlsResult> {
    const limit = Math.min(intval(p.limit), MAX_STATS_LINKS);
    const filter = { kind: 'redirect' as const, sort: ORDERS[p.filter ?? ''] ?? 'visits' };
    const start = Math.max(intval(p.start), 0);
    const rows = limit > 0 ? await this.links.slice(accountId, filter, start, limit) : [];
    const links = Object.fromEntries(rows.map((link, i) => [`link_${i + 1}`, linkStats(link)]));
    const body = {
      ...(rows.length ? { links } : {}),
      stats: await this.totals(accountId),
      statusCode: '200',
      message: 'success',
    };
    return { body, simple: NEED_FORMAT };
  }

  async dbStats(accountId: number): Promise<YourlsResult> {
    const body = {
      'db-stats': await this.totals(accountId),
      statusCode: '200',
      message: 'success',
    };
    return { body, simple: NEED_FORMAT };
  }

  private async totals(accountId: number) {
    const t = await this.links.totalsOf(accountId, 'redirect');
    return { total_links: String(t.links), total_clicks: String(t.clicks) };
  }

  version(): YourlsResult {
    return { body: { version: YOURLS_VERSION }, simple: YOURLS_VERSION };
  }

  private async create(
    owner: UsageOwner,
    input: Parameters<LinksService['create']>[1],
    keyword: string,
  ) {
    if (keyword) {
      try {
        return await this.links.create(owner, { ...input, customSlug: keyword });
      } catch (e) {
        if (!(e instanceof DomainError) || !['slug_taken', 'slug_reserved'].includes(e.code))
          throw e;
      }
    }
    return this.links.create(owner, input);
  }

  /** The caller's redirect at `http://host/slug`, `host/slug` or `slug`; null when none. */
  private async find(accountId: number, shorturl: string | undefined): Promise<LinkDto | null> {
    const m = /^(?:https?:\/\/)?(?:([^/\s]+)\/)?([^/\s?#]+)\/?$/i.exec(shorturl?.trim() ?? '');
    if (!m || !SLUG_PATTERN.test(m[2])) return null;
    try {
      return await this.links.get(accountId, { domain: m[1], slug: m[2] }, 'redirect');
    } catch (e) {
      // An unknown host or slug, or another account's link: YOURLS's "not found".
      if (e instanceof DomainError && e.status < 500) return null;
      throw e;
    }
  }
}

function urlProblem(url: string): string | null {
  if (!/^https?:\/\/[^\s/]+/i.test(url)) return 'Missing or malformed URL';
  try {
    normalizeUrl(url);
    return null;
  } catch (e) {
    if (e instanceof DomainError) return `Missing or malformed URL: ${e.message}`;
    throw e;
  }
}

/** A link as YOURLS's stats show one; `clicks` counts every visit, bots too, as YOURLS does. */
const linkStats = (link: LinkDto) => ({
  shorturl: link.short_url,
  url: link.target_url,
  title: link.title ?? link.target_url,
  timestamp: yourlsDate(link.created_at),
  ip: '',
  clicks: String(link.clicks),
});

const notFound = (shorturl: string | undefined): YourlsResult => ({
  body: {
    keyword: shorturl ?? '',
    message: 'Error: short URL not found',
    errorCode: '404',
  },
  simple: 'not found',
});
