import { Injectable } from '@nestjs/common';
import { notFound } from '../common/errors/domain-error';
import { Clock } from '../common/clock';
import { UnitOfWork } from '../database/unit-of-work';
import { LinkDto } from '../links/dto/link.dto';
import { Link } from '../links/link.entity';
import { LinksService } from '../links/links.service';
import type { UsageOwner } from '../auth/plans/usage.service';
import { BioCustomLink, BioPage } from './bio-page.entity';
import { BioPagesRepository } from './bio-pages.repository';
import { BioPageDto, BioPageListDto, CreateBioDto, CreatedBioDto, UpdateBioDto } from './bio.dto';

/** S.EE's link-in-bio pages: a share of kind `bio` whose content is a list of links. */
@Injectable()
export class BioService {
  constructor(
    private readonly pages: BioPagesRepository,
    private readonly links: LinksService,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  async create(owner: UsageOwner, dto: CreateBioDto): Promise<CreatedBioDto> {
    const input = {
      kind: 'bio' as const,
      targetUrl: null,
      title: dto.title,
      domain: dto.domain,
      customSlug: dto.custom_slug,
      unfurl: dto.unfurl,
      maxVisits: dto.max_visits,
    };
    const link = await this.uow.run(async (tx) => {
      const created = await this.links.create(owner, input, tx);
      await this.pages.insert({ linkId: created.id, ...this.contentOf(dto) }, tx);
      return created;
    });
    return { bio_page_id: link.id, short_url: link.short_url };
  }

  /** S.EE's PUT: a field left out keeps its value, "" clears an optional one. */
  async update(accountId: number, dto: UpdateBioDto): Promise<BioPageDto> {
    const link = await this.links.findOwned(accountId, { id: dto.id }, 'bio');
    const prepared = await this.links.prepareUpdate(link, {
      title: dto.title,
      unfurl: dto.unfurl,
      maxVisits: dto.max_visits,
    });
    const changes = this.contentOf(dto, true);
    await this.uow.run(async (tx) => {
      await this.links.applyUpdate(prepared, tx);
      await this.pages.update(link.id, changes, tx);
    });
    const [one] = await this.describe([await this.links.get(accountId, { id: link.id })]);
    return one;
  }

  delete(accountId: number, id: number) {
    return this.links.delete(accountId, { id }, 'bio');
  }

  async list(accountId: number, page: number, perPage: number): Promise<BioPageListDto> {
    const [links, counts] = await Promise.all([
      this.links.list(accountId, { kind: 'bio' }, page, perPage),
      this.links.countByKind(accountId),
    ]);
    return { bio_pages: await this.describe(links), total: counts.bio ?? 0 };
  }

  /** One of the caller's pages (another account's is not found). */
  async get(accountId: number, id: number): Promise<BioPageDto> {
    const [one] = await this.describe([await this.links.get(accountId, { id }, 'bio')]);
    if (!one) throw notFound('Bio page');
    return one;
  }

  /** The content behind a bio link (for its public page). */
  async contentFor(link: Link): Promise<{ page: BioPage; links: BioCustomLink[] }> {
    const page = await this.pages.getByLinkId(link.id);
    if (!page) throw notFound('Bio page');
    return { page, links: storedLinks(page.customLinks) };
  }

  private async describe(links: LinkDto[]): Promise<BioPageDto[]> {
    const pages = new Map(
      (await this.pages.getByLinkIds(links.map((l) => l.id))).map((p) => [p.linkId, p]),
    );
    return links
      .filter((l) => pages.has(l.id))
      .map((l) => {
        const p = pages.get(l.id)!;
        return {
          id: l.id,
          title: l.title ?? '',
          description: p.description,
          custom_links: storedLinks(p.customLinks),
          mastodon_url: p.mastodonUrl,
          rss_url: p.rssUrl,
          domain: l.domain,
          slug: l.slug,
          link: l.short_url,
          created_at: l.created_at,
        };
      });
  }

  private contentOf(
    dto: CreateBioDto | UpdateBioDto,
    partial: true,
  ): Partial<Omit<BioPage, 'linkId' | 'link'>>;
  private contentOf(dto: CreateBioDto | UpdateBioDto): Omit<BioPage, 'linkId' | 'link'>;
  private contentOf(dto: CreateBioDto | UpdateBioDto, partial = false) {
    const links = dto.custom_links?.map((l) => ({
      title: l.title,
      url: l.url,
      ...(l.description ? { description: l.description } : {}),
    }));
    const all = {
      description: dto.description ?? (partial ? undefined : ''),
      customLinks: links ? JSON.stringify(links) : partial ? undefined : '[]',
      mastodonUrl: dto.mastodon_url ?? (partial ? undefined : ''),
      rssUrl: dto.rss_url ?? (partial ? undefined : ''),
      updatedAt: new Date(this.clock.now()),
    };
    return Object.fromEntries(Object.entries(all).filter(([, v]) => v !== undefined));
  }
}

/** The stored links; an element that is not a link (a row from before each was checked) is left out. */
function storedLinks(json: string): BioCustomLink[] {
  const parsed: unknown = JSON.parse(json);
  return (Array.isArray(parsed) ? (parsed as Partial<BioCustomLink>[]) : []).filter(
    (l): l is BioCustomLink => typeof l?.url === 'string' && typeof l.title === 'string',
  );
}
