import { Injectable } from '@nestjs/common';
import { hashPassword } from '../auth/password';
import { DomainError, invalid, notFound } from '../common/errors/domain-error';
import { isReservedSlug, randomSlug } from '../common/slug';
import { fromUnix } from '../common/time';
import { DomainsService } from '../domains/domains.service';
import { TagsService } from '../tags/tags.service';
import { LinkDto, ShortLinkDto } from './dto/link.dto';
import { Link, LinkKind } from './link.entity';
import { AttachContent, LinkChanges, LinkFilter, LinksRepository } from './links.repository';
import { RedirectCache } from './redirect/redirect-cache';

export interface LinkInput {
  kind: LinkKind;
  targetUrl: string | null;
  domain?: string;
  customSlug?: string;
  title?: string | null;
  tagIds?: number[];
  password?: string | null;
  expireAt?: number | null;
  expirationRedirectUrl?: string | null;
  redirectCode?: number;
}

/** A link named by its id (resource style) or by domain and slug (S.EE style). */
export type LinkRef = { id: number } | { domain?: string; slug: string };

export type LinkUpdate = Partial<Omit<LinkInput, 'kind' | 'domain' | 'customSlug'>>;

const TRIES_PER_LENGTH = 3;

@Injectable()
export class LinksService {
  /** Grows by one when random slugs keep colliding, so the space never gets crowded. */
  private slugLength = 6;
  private readonly deleters = new Map<LinkKind, (link: Link) => Promise<void>>();

  constructor(
    private readonly links: LinksRepository,
    private readonly domains: DomainsService,
    private readonly tags: TagsService,
    private readonly cache: RedirectCache,
  ) {}

  /** `attach` writes the link's content in the same transaction: all or nothing. */
  async create(accountId: number, input: LinkInput, attach?: AttachContent): Promise<ShortLinkDto> {
    const domain = this.domains.forCreate(input.domain, accountId);
    if (input.customSlug !== undefined && isReservedSlug(input.customSlug)) {
      throw new DomainError(400, 'slug_reserved', `The slug "${input.customSlug}" is reserved`);
    }
    const tags = await this.tags.resolveOwned(accountId, input.tagIds);
    const values = {
      accountId,
      domainId: domain.id,
      kind: input.kind,
      targetUrl: input.targetUrl === null ? null : normalizeUrl(input.targetUrl),
      title: input.title ?? null,
      passwordHash: input.password ? await hashPassword(input.password) : null,
      expireAt: toExpiry(input.expireAt) ?? null,
      expirationRedirectUrl: input.expirationRedirectUrl
        ? normalizeUrl(input.expirationRedirectUrl)
        : null,
      redirectCode: input.redirectCode ?? 302,
    };
    const tagIds = tags.map((t) => t.id);
    for (let attempt = 0; ; attempt++) {
      const slug = input.customSlug ?? this.nextRandomSlug(attempt);
      const id = await this.links.insert({ ...values, slug }, tagIds, attach);
      if (id !== null) {
        return {
          id,
          slug,
          custom_slug: input.customSlug ?? '',
          short_url: this.domains.shortUrl(domain.id, slug),
        };
      }
      if (input.customSlug !== undefined) {
        throw new DomainError(409, 'slug_taken', `The slug "${slug}" is taken on ${domain.host}`);
      }
    }
  }

  async list(
    accountId: number,
    filter: LinkFilter & { domain?: string },
    page: number,
    per: number,
  ) {
    const domainId = filter.domain
      ? this.domains.forCreate(filter.domain, accountId).id
      : undefined;
    const rows = await this.links.list(accountId, { ...filter, domainId }, page, per);
    return rows.map((l) => this.toDto(l));
  }

  async get(accountId: number, ref: LinkRef, kind?: LinkKind): Promise<LinkDto> {
    return this.toDto(await this.findOwned(accountId, ref, kind));
  }

  async update(accountId: number, ref: LinkRef, input: LinkUpdate, kind?: LinkKind) {
    return this.applyUpdate(await this.findOwned(accountId, ref, kind), input);
  }

  async delete(accountId: number, ref: LinkRef, kind?: LinkKind) {
    const link = await this.findOwned(accountId, ref, kind);
    const deleter = this.deleters.get(link.kind);
    if (deleter) await deleter(link);
    else await this.links.delete(link.id);
    this.cache.invalidate(link.domainId, link.slug);
    return { id: link.id, deleted: true as const };
  }

  /** A kind whose content lives outside the database (files) deletes its links itself. */
  registerDeleter(kind: LinkKind, deleter: (link: Link) => Promise<void>): void {
    this.deleters.set(kind, deleter);
  }

  /** Deletes a link by the public side (burn after read); false when it was gone already. */
  async consume(link: Link): Promise<boolean> {
    this.cache.invalidate(link.domainId, link.slug);
    return this.links.deleteIfExists(link.id);
  }

  /** The caller's link by id or by (domain, slug), of the given kind; anything else is a 404. */
  async findOwned(accountId: number, ref: LinkRef, kind?: LinkKind): Promise<Link> {
    const link =
      'id' in ref
        ? await this.links.getOwned(ref.id, accountId)
        : await this.links.getOwnedBySlug(
            this.domains.forCreate(ref.domain, accountId).id,
            ref.slug,
            accountId,
          );
    if (!link || (kind && link.kind !== kind)) throw notFound(kind === 'text' ? 'Text' : 'Link');
    return link;
  }

  private async applyUpdate(link: Link, input: LinkUpdate): Promise<LinkDto> {
    const changes: LinkChanges = {};
    if (input.targetUrl !== undefined && input.targetUrl !== null) {
      if (link.kind !== 'redirect')
        throw invalid('target_url', 'Only redirect links have a target_url');
      changes.targetUrl = normalizeUrl(input.targetUrl);
    }
    if (input.title !== undefined) changes.title = input.title;
    if (input.password !== undefined) {
      changes.passwordHash = input.password === null ? null : await hashPassword(input.password);
    }
    if (input.expireAt !== undefined) changes.expireAt = toExpiry(input.expireAt);
    if (input.expirationRedirectUrl !== undefined) {
      changes.expirationRedirectUrl =
        input.expirationRedirectUrl === null ? null : normalizeUrl(input.expirationRedirectUrl);
    }
    if (input.redirectCode !== undefined) changes.redirectCode = input.redirectCode;
    const tagIds =
      input.tagIds === undefined
        ? undefined
        : (await this.tags.resolveOwned(link.accountId, input.tagIds)).map((t) => t.id);
    await this.links.update(link.id, changes, tagIds);
    this.cache.invalidate(link.domainId, link.slug);
    return this.get(link.accountId, { id: link.id });
  }

  private nextRandomSlug(attempt: number): string {
    if (attempt > 0 && attempt % TRIES_PER_LENGTH === 0) this.slugLength++;
    for (;;) {
      const slug = randomSlug(this.slugLength);
      if (!isReservedSlug(slug)) return slug;
    }
  }

  toDto(link: Link): LinkDto {
    return LinkDto.from(
      link,
      this.domains.hostOf(link.domainId),
      this.domains.shortUrl(link.domainId, link.slug),
    );
  }
}

/** The WHATWG form of the URL: what a Location header can carry (non-ASCII percent-encoded). */
const normalizeUrl = (url: string) => new URL(url).href;

function toExpiry(expireAt: number | null | undefined): Date | null | undefined {
  if (expireAt === undefined || expireAt === null) return expireAt;
  if (expireAt * 1000 <= Date.now()) throw invalid('expire_at', 'expire_at must be in the future');
  if (expireAt > 253402300799) throw invalid('expire_at', 'expire_at is too far in the future');
  return fromUnix(expireAt);
}
