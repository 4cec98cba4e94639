import { TombstoneReason } from './tombstones/share-tombstone.entity';
import { TombstonesRepository } from './tombstones/tombstones.repository';
import { Injectable } from '@nestjs/common';
import { EventEmitter2 } from '@nestjs/event-emitter';
import { VisitReads } from '../analytics/visit-reads';
import { Clock } from '../common/clock';
import { DomainError, invalid, notFound } from '../common/errors/domain-error';
import { isReservedSlug } from '../common/slug';
import { Tx, UnitOfWork } from '../database/unit-of-work';
import { DomainsService } from '../domains/domains.service';
import { TagsService } from '../tags/tags.service';
import { LinkDto, ShortLinkDto } from './dto/link.dto';
import { linkRemoving, LinkRemoving } from './link-events';
import { newLinkValues } from './link-values';
import { Link, LinkKind } from './link.entity';
import { LinkInput, LinkRef, LinkUpdate, PreparedLinkUpdate, usageMetricOf } from './link-input';
import { LinkFilter } from './link-filter';
import { ShareCountsRepository } from './share-counts.repository';
import { LinkListsRepository } from './link-lists.repository';
import { LinksRepository } from './links.repository';
import { RandomSlugs } from './random-slugs';
import { RedirectCache } from './resolve/redirect-cache';
import { linkChangesOf } from './link-changes';
import { UsageOwner, UsageService } from '../auth/plans/usage.service';
import { EventType, SHARE_EVENT_NAMES } from '../outbox/event-types';
import { Outbox } from '../outbox/outbox';

export type ShareChange = 'created' | 'updated' | 'deleted' | 'read_once';

/** The address namespace: every share's slug, domain, tags, password and expiry. */
@Injectable()
export class LinksService {
  private readonly randomSlugs = new RandomSlugs();

  constructor(
    private readonly links: LinksRepository,
    private readonly lists: LinkListsRepository,
    private readonly domains: DomainsService,
    private readonly tags: TagsService,
    private readonly cache: RedirectCache,
    private readonly uow: UnitOfWork,
    private readonly events: EventEmitter2,
    private readonly clock: Clock,
    private readonly visitCounts: VisitReads,
    private readonly usage: UsageService,
    private readonly tombstones: TombstonesRepository,
    private readonly outbox: Outbox,
    private readonly shareCounts: ShareCountsRepository,
  ) {}

  /**
   * Inserts the link, in `tx` when the caller writes its content in the same transaction. A taken
   * random slug is retried (in the same transaction); a taken custom slug is a 409.
   */
  async create(
    owner: UsageOwner,
    input: LinkInput,
    tx?: Tx,
    /** More of the resource for its event, from the kind that writes its content (a file's record). */
    described?: (made: ShortLinkDto) => object,
  ): Promise<ShortLinkDto> {
    const accountId = owner.id;
    const domain = this.domains.forCreate(input.domain, accountId, input.kind);
    if (input.customSlug !== undefined && isReservedSlug(input.customSlug)) {
      throw new DomainError(400, 'slug_reserved', `The slug "${input.customSlug}" is reserved`);
    }
    const tags = await this.tags.resolveOwned(accountId, input.tagIds);
    const values = await newLinkValues(accountId, domain.id, input, this.clock.now());
    const metric = usageMetricOf(input);
    // One transaction: the tags, the usage counters and the event go with the link, or nothing.
    const insert = async (t: Tx): Promise<ShortLinkDto> => {
      for (let attempt = 0; ; attempt++) {
        const slug = input.customSlug ?? this.randomSlugs.next(attempt);
        const id = await this.links.insert(
          { ...values, slug },
          tags.map((tag) => tag.id),
          t,
        );
        if (id !== null) {
          await this.usage.countCreation(owner, metric, t);
          // The address may be known as missing, here and on other instances.
          t.afterCommit(() => this.cache.invalidate(domain.id, slug));
          const now = new Date(this.clock.now());
          const row = { ...values, id, slug, tags, clicks: 0, createdAt: now, updatedAt: now };
          const short_url = this.domains.shortUrl(domain.id, slug);
          const made = { id, slug, custom_slug: input.customSlug ?? '', short_url };
          await this.record('created', row as Link, t, described?.(made));
          return made;
        }
        if (input.customSlug !== undefined) {
          throw new DomainError(409, 'slug_taken', `The slug "${slug}" is taken on ${domain.host}`);
        }
      }
    };
    return tx ? insert(tx) : this.uow.run(insert);
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
    if (filter.after !== undefined) {
      if (filter.sort !== undefined && filter.sort !== 'newest' && filter.sort !== 'oldest') {
        throw invalid('after', 'after pages a list sorted newest or oldest first');
      }
      return this.slice(accountId, { ...filter, domainId }, 0, per);
    }
    return this.slice(accountId, { ...filter, domainId }, (page - 1) * per, per);
  }

  /** `limit` of the account's links from `offset` (YOURLS's stats: start and limit). */
  async slice(accountId: number, filter: LinkFilter, offset: number, limit: number) {
    return this.getMany(accountId, await this.lists.listIds(accountId, filter, offset, limit));
  }

  totalsOf(accountId: number, kind: LinkKind): Promise<{ links: number; clicks: number }> {
    return this.links.totalsOf(accountId, kind);
  }

  /** The account's links with these ids, in that order (ids of others are left out). */
  async getMany(accountId: number, ids: number[]): Promise<LinkDto[]> {
    return this.toDtos(await this.links.getManyOwned(accountId, ids));
  }

  async get(accountId: number, ref: LinkRef, kind?: LinkKind): Promise<LinkDto> {
    return (await this.toDtos([await this.findOwned(accountId, ref, kind)]))[0];
  }

  countQrCodes(accountId: number): Promise<number> {
    return this.links.countQrCodes(accountId);
  }

  countByKind(accountId: number): Promise<Partial<Record<LinkKind, number>>> {
    return this.shareCounts.byKind(accountId);
  }

  async update(accountId: number, ref: LinkRef, input: LinkUpdate, kind?: LinkKind) {
    const prepared = await this.prepareUpdate(await this.findOwned(accountId, ref, kind), input);
    await this.uow.run((tx) => this.applyUpdate(prepared, tx));
    return this.get(accountId, { id: prepared.link.id });
  }

  /** Checks a change against the link's rules; nothing is written yet. */
  async prepareUpdate(link: Link, input: LinkUpdate): Promise<PreparedLinkUpdate> {
    const changes = await linkChangesOf(link, input, this.clock.now());
    const tagIds =
      input.tagIds === undefined
        ? undefined
        : (await this.tags.resolveOwned(link.accountId, input.tagIds)).map((t) => t.id);
    return { link, changes, tagIds };
  }

  /** Writes a prepared change in `tx`; the cached redirect goes once it is committed. */
  async applyUpdate(
    { link, changes, tagIds }: PreparedLinkUpdate,
    tx: Tx,
    /** More of the resource for its event, from its kind (a text's fields). */
    extra?: object,
  ): Promise<void> {
    await this.links.update(link.id, changes, tagIds, tx);
    tx.afterCommit(() => this.cache.invalidate(link.domainId, link.slug));
    const updated = await this.links.getIn(link.id, tx);
    if (updated) await this.record('updated', updated, tx, extra);
  }

  /**
   * Records a change of any kind of share in `tx`, as `<kind>.<change>` (a redirect is a
   * `link`, a new file `file.uploaded`), with the share as `GET /api/v1/links/:id` shows it.
   */
  async record(change: ShareChange, link: Link, tx: Tx, extra?: object): Promise<void> {
    const name = SHARE_EVENT_NAMES[link.kind];
    const type = (
      change === 'created' && name === 'file' ? 'file.uploaded' : `${name}.${change}`
    ) as EventType;
    const dto =
      change === 'created'
        ? LinkDto.from(
            link,
            this.domains.hostOf(link.domainId),
            this.domains.shortUrl(link.domainId, link.slug),
            0,
            this.clock.now(),
          )
        : (await this.toDtos([link]))[0];
    await this.outbox.record(
      {
        type,
        accountId: link.accountId,
        resource: { type: name, id: link.id },
        data: extra ? { ...dto, ...extra } : dto,
      },
      tx,
    );
  }

  async delete(accountId: number, ref: LinkRef, kind?: LinkKind) {
    const link = await this.findOwned(accountId, ref, kind);
    if (!(await this.remove(link))) throw notFound(labelOf(kind));
    return { id: link.id, deleted: true as const };
  }

  /**
   * The one way a link row is deleted (by its owner, by a delete hash, by burn after read). Its
   * kind's content goes in the same transaction (see LinkRemoving), and so does the tombstone
   * that says why the address is empty (`read`: a one-time text), or the removal of an older
   * one. False when it was gone already: of two racing removals, exactly one wins.
   */
  async remove(link: Link, tombstone: TombstoneReason | null = null): Promise<boolean> {
    return this.uow.run((tx) => this.removeIn(link, tombstone, tx));
  }

  /** The same inside a transaction already open (a bundle's files go with the bundle). */
  async removeIn(link: Link, tombstone: TombstoneReason | null, tx: Tx): Promise<boolean> {
    void this.cache.invalidate(link.domainId, link.slug);
    // A visit may re-cache it before the commit: drop it again after.
    tx.afterCommit(() => this.cache.invalidate(link.domainId, link.slug));
    const event: LinkRemoving = { link, tx };
    await this.events.emitAsync(linkRemoving(link.kind), event);
    if (!(await this.links.deleteIfExists(link, tx))) return false;
    const consumed = tombstone === 'read' && link.kind === 'text';
    await this.record(consumed ? 'read_once' : 'deleted', link, tx);
    const at = new Date(this.clock.now());
    await this.tombstones.mark(link.domainId, link.slug, tombstone, at, tx);
    return true;
  }

  /** The account's links of these ids (any kind), as rows: for a transaction's own reads. */
  ownedRows(accountId: number, ids: number[]): Promise<Link[]> {
    return this.links.getOwnedMany(accountId, ids);
  }

  countOnDomain(domainId: number): Promise<number> {
    return this.links.countByDomain(domainId);
  }

  /** Removes every share on a domain, one by one, so each kind's content goes with it. */
  async removeAllOnDomain(domainId: number): Promise<void> {
    for (;;) {
      const batch = await this.links.listByDomain(domainId, 100);
      if (batch.length === 0) return;
      for (const link of batch) await this.remove(link);
    }
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
    if (!link || (kind && link.kind !== kind)) throw notFound(labelOf(kind));
    return link;
  }

  /** As the API shows them, with their visit counts. */
  async toDtos(links: Link[]): Promise<LinkDto[]> {
    const counts = await this.visitCounts.ofLinks(links.map((l) => l.id));
    const now = this.clock.now();
    return links.map((link) =>
      LinkDto.from(
        link,
        this.domains.hostOf(link.domainId),
        this.domains.shortUrl(link.domainId, link.slug),
        counts.get(link.id) ?? 0,
        now,
      ),
    );
  }
}

const labelOf = (kind?: LinkKind) => (kind === 'text' ? 'Text' : 'Link');
