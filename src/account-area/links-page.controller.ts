import { Body, Controller, Get, Post, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { DomainError } from '../common/errors/domain-error';
import { DomainsService } from '../domains/domains.service';
import { CreateLinkDto } from '../links/dto/create-link.dto';
import { createInput } from '../links/dto/to-input';
import { LinksService } from '../links/links.service';
import { LINK_SORTS } from '../links/link-filter';
import { TagsService } from '../tags/tags.service';
import { AccountArea } from './account-area.decorator';
import { CurrentViewer } from './current-session.decorator';
import { filled, parseForm } from './form';
import { deleteShares, justMade } from './share-lists';
import { Pages, Viewer } from './pages';

const PER_PAGE = 20;
const FIELDS = [
  'target_url',
  'custom_slug',
  'domain',
  'title',
  'password',
  'expire_at',
  'redirect_code',
];

/** `/account/links`: the account's short links, searched, made and deleted in the browser. */
@AccountArea()
@Controller('account/links')
export class LinksPageController {
  constructor(
    private readonly pages: Pages,
    private readonly links: LinksService,
    private readonly tags: TagsService,
    private readonly domains: DomainsService,
  ) {}

  @Get()
  async list(
    @CurrentViewer() viewer: Viewer,
    @Query('q') q: unknown,
    @Query('page') page: unknown,
    @Query('created') created: unknown,
    @Query('updated') updated: unknown,
    @Query('tag') tag: unknown,
    @Query('domain') domain: unknown,
    @Query('sort') sort: unknown,
    @Res() res: Response,
  ): Promise<void> {
    const made = await justMade(this.links, viewer.account!.id, created, 'redirect');
    const notice = updated ? 'Link saved' : null;
    await this.show(viewer, res, { q, page, created: made, tag, domain, sort, notice });
  }

  /** The form of this page and the home page's shorten box. */
  @Post()
  async create(@CurrentViewer() viewer: Viewer, @Body() body: unknown, @Res() res: Response) {
    const form = filled(body, FIELDS);
    const tagIds = [(body as { tag_ids?: unknown } | undefined)?.tag_ids ?? []].flat().map(Number);
    const expireAt = form.expire_at ? Date.parse(`${form.expire_at}Z`) / 1000 : undefined;
    const parsed = await parseForm(CreateLinkDto, {
      ...form,
      tag_ids: tagIds.length ? tagIds : undefined,
      expire_at: expireAt,
      redirect_code: form.redirect_code ? Number(form.redirect_code) : undefined,
    });
    try {
      if (!parsed.dto) throw new DomainError(400, 'validation_failed', parsed.error);
      const link = await this.links.create(viewer.account!, createInput(parsed.dto));
      res.redirect(303, `/account/links?created=${link.id}`);
    } catch (e) {
      if (!(e instanceof DomainError) || e.status >= 500) throw e;
      await this.show(viewer, res, { form, error: e.message }, e.status);
    }
  }

  /** Bulk delete: the checked links. */
  @Post('delete')
  async delete(@CurrentViewer() viewer: Viewer, @Body() body: unknown, @Res() res: Response) {
    const deleted = await deleteShares(this.links, viewer.account!.id, body, 'redirect');
    await this.show(viewer, res, { notice: `Deleted ${deleted} link${deleted === 1 ? '' : 's'}` });
  }

  private async show(viewer: Viewer, res: Response, data: Record<string, unknown>, status = 200) {
    const accountId = viewer.account!.id;
    const q = typeof data.q === 'string' ? data.q.slice(0, 200) : '';
    const page = Math.max(1, Math.min(10_000, Number(data.page) || 1));
    const domains = [
      ...this.domains.systemHosts('redirect'),
      ...this.domains.customHostsOf(accountId),
    ];
    const tagId = Number(data.tag) || undefined;
    const domain =
      typeof data.domain === 'string' && domains.includes(data.domain) ? data.domain : undefined;
    const sort = LINK_SORTS.find((x) => x === data.sort) ?? 'newest';
    const filter = { kind: 'redirect' as const, q: q || undefined, tagId, domain, sort };
    const rows = await this.links.list(accountId, filter, page, PER_PAGE + 1);
    this.pages.send(
      res,
      'links',
      'Links',
      viewer,
      {
        section: 'links',
        form: {},
        created: null,
        ...data,
        q,
        page,
        links: rows.slice(0, PER_PAGE),
        hasMore: rows.length > PER_PAGE,
        tags: await this.tags.list(accountId),
        domains,
        filter: { tag: tagId ?? '', domain: domain ?? '', sort },
      },
      status,
    );
  }
}
