import { Clock } from '../common/clock';
import { AccountsService } from '../auth/accounts.service';
import { withBadges } from './share-badges';
import { Injectable } from '@nestjs/common';
import type { Response } from 'express';
import { DomainsService } from '../domains/domains.service';
import { LINK_SORTS } from '../links/link-filter';
import { LinksService } from '../links/links.service';
import { TagsService } from '../tags/tags.service';
import { ShareListQuery } from './forms/share-list.query';
import { Pages, Viewer } from './pages';
import { tk } from '../i18n/i18n';
import { wordsOf } from '../i18n/language-of';

const PER_PAGE = 20;

/** What the links page shows besides the list: a notice, the link just made, a form to redo. */
export interface LinksPageState {
  query?: ShareListQuery;
  created?: unknown;
  notice?: string | null;
  form?: object;
  error?: string;
}

/** The view model of `/account/links`: the account's links as the query asks, and the filters. */
@Injectable()
export class LinksPageView {
  constructor(
    private readonly pages: Pages,
    private readonly links: LinksService,
    private readonly tags: TagsService,
    private readonly domains: DomainsService,
    private readonly clock: Clock,
    private readonly accounts: AccountsService,
  ) {}

  async render(viewer: Viewer, res: Response, state: LinksPageState, status = 200) {
    const accountId = viewer.account!.id;
    const { query = new ShareListQuery(), ...shown } = state;
    const domains = [
      ...this.domains.systemHosts('redirect'),
      ...this.domains.customHostsOf(accountId),
    ];
    const domain = query.domain && domains.includes(query.domain) ? query.domain : undefined;
    const sort = LINK_SORTS.find((x) => x === query.sort) ?? 'newest';
    const health = query.health === 'broken' ? ('broken' as const) : undefined;
    const filter = {
      kind: 'redirect' as const,
      q: query.q || undefined,
      tagId: query.tag,
      domain,
      health,
    };
    const rows = await this.links.list(accountId, { ...filter, sort }, query.page, PER_PAGE + 1);
    const data = {
      section: 'links' as const,
      form: {},
      created: null,
      // Back from the edit page (`?updated=<id>`).
      notice: query.updated === 'watch' ? tk('Saved') : query.updated ? tk('Link saved') : null,
      watchAll: (await this.accounts.getById(accountId)).watchTargets,
      ...shown,
      q: query.q,
      page: query.page,
      links: withBadges(rows.slice(0, PER_PAGE), this.clock.now(), wordsOf(res.req)),
      hasMore: rows.length > PER_PAGE,
      tags: await this.tags.list(accountId),
      domains,
      filter: { tag: query.tag ?? '', domain: domain ?? '', sort, health: health ?? '' },
    };
    this.pages.send(res, 'links', 'Links', viewer, data, status);
  }
}
