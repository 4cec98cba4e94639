import { Injectable } from '@nestjs/common';
import type { Response } from 'express';
import type { BioPageDto } from '../bio/bio.dto';
import { BioService } from '../bio/bio.service';
import { DomainsService } from '../domains/domains.service';
import { tk } from '../i18n/i18n';
import type { BioLinkRow } from './forms/bio.form';
import { Pages, Viewer } from './pages';

const PER_PAGE = 20;
/** Empty rows under a page's links, for the next ones (the form works without script). */
const BLANK_ROWS = 3;

/** A page's form as shown: its fields, and its links' rows with room for more. */
export interface BioFormView {
  title?: string;
  description?: string;
  custom_slug?: string;
  domain?: string;
  mastodon_url?: string;
  rss_url?: string;
  links: BioLinkRow[];
}

export const bioFormOf = (p: BioPageDto): BioFormView => ({
  ...p,
  links: p.custom_links.map((l) => ({ ...l, description: l.description ?? '' })),
});

/** The rows of the links' table: the page's, then empty ones. */
export const rowsOf = (links: BioLinkRow[]) => [
  ...links,
  ...Array.from({ length: BLANK_ROWS }, () => ({ title: '', url: '', description: '' })),
];

/** The view models of `/account/bio` (the list and the new page's form) and of an edit page. */
@Injectable()
export class BioPagesView {
  constructor(
    private readonly pages: Pages,
    private readonly bio: BioService,
    private readonly domains: DomainsService,
  ) {}

  async list(viewer: Viewer, res: Response, page: number, data: object = {}, status = 200) {
    const accountId = viewer.account!.id;
    const found = await this.bio.list(accountId, page, PER_PAGE);
    const form: BioFormView = { links: [] };
    const view = {
      section: 'bio' as const,
      form,
      rows: rowsOf(form.links),
      ...data,
      bios: found.bio_pages,
      domains: this.domains.systemHosts('bio').concat(this.domains.customHostsOf(accountId)),
      pager: { page, pages: Math.max(1, Math.ceil(found.total / PER_PAGE)), total: found.total },
    };
    this.pages.send(res, 'bio-pages', tk('Bio pages'), viewer, view, status);
  }

  edit(viewer: Viewer, res: Response, bio: BioPageDto, form: BioFormView, data = {}, status = 200) {
    const view = { section: 'bio' as const, bio, form, rows: rowsOf(form.links), ...data };
    this.pages.send(res, 'bio-edit', tk('Edit bio page'), viewer, view, status);
  }
}
