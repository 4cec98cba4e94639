import { Injectable } from '@nestjs/common';
import { AccountsService } from '../auth/accounts.service';
import { DomainError } from '../common/errors/domain-error';
import { isReservedSlug, SLUG_PATTERN } from '../common/slug';
import { isHttpUrl } from '../common/validators/is-http-url';
import { Clock } from '../common/clock';
import { UnitOfWork } from '../database/unit-of-work';
import { DomainsService } from '../domains/domains.service';
import { LinksService } from '../links/links.service';
import { TagsService } from '../tags/tags.service';
import { parseUsageLimits } from '../common/usage-limits';
import type { UsageOwner } from '../auth/plans/usage.service';
import { ImportsRepository } from './imports.repository';
import { ImportRecord } from './import-record';

export interface ImportOptions {
  /** A taken slug: leave the row out, or import it under a new random slug. */
  onConflict: 'skip' | 'rename';
  dryRun: boolean;
  /** A host of this service's domains; unset: the default. */
  domain?: string;
  onProgress?: (done: number) => void;
}

export interface ImportSummary {
  total: number;
  imported: number;
  renamed: { at: number; from: string; to: string }[];
  skipped: { at: number; slug: string; reason: string }[];
  failed: { at: number; reason: string }[];
  visits: number;
}

/**
 * Brings links from another tool into one account, each in its own transaction (one bad row
 * does not undo the others). Imports are the operator's act: counted in usage, never refused
 * by the plan's day and month limits.
 */
@Injectable()
export class Importer {
  constructor(
    private readonly accounts: AccountsService,
    private readonly links: LinksService,
    private readonly tags: TagsService,
    private readonly repo: ImportsRepository,
    private readonly domains: DomainsService,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  async run(email: string, records: ImportRecord[], opts: ImportOptions): Promise<ImportSummary> {
    const account = await this.accounts.getByEmail(email);
    const owner = { id: account.id, usageLimits: parseUsageLimits('') };
    const tagIds = new Map((await this.tags.list(account.id)).map((t) => [t.name, t.id]));
    const summary: ImportSummary = {
      total: records.length,
      imported: 0,
      renamed: [],
      skipped: [],
      failed: [],
      visits: 0,
    };
    const seen = new Set<string>();
    for (const [i, r] of records.entries()) {
      opts.onProgress?.(i);
      const problem = this.check(r);
      if (problem) {
        summary.failed.push({ at: r.at, reason: problem });
        continue;
      }
      if (r.expireAt && r.expireAt.getTime() <= this.clock.now()) {
        summary.skipped.push({ at: r.at, slug: r.slug ?? '', reason: 'expired already' });
        continue;
      }
      const slug = r.slug;
      try {
        const to = opts.dryRun
          ? await this.wouldMake(account.id, slug, seen, opts)
          : await this.importOne(owner, r, opts, tagIds);
        summary.imported++;
        summary.visits += r.visits ?? 0;
        if (slug && to !== slug) summary.renamed.push({ at: r.at, from: slug, to });
      } catch (e) {
        if (!(e instanceof DomainError)) throw e;
        if (isSlugTaken(e)) summary.skipped.push({ at: r.at, slug: slug!, reason: 'slug taken' });
        else summary.failed.push({ at: r.at, reason: e.message });
      }
    }
    opts.onProgress?.(records.length);
    return summary;
  }

  /**
   * The row's tags first, each in its own write (a tag is the account's, whatever becomes of the
   * link; inside the link's transaction a rollback would take back a tag the map still knows),
   * then the link under its slug or, on a conflict with `rename`, a new one.
   */
  private async importOne(
    owner: UsageOwner,
    r: ImportRecord,
    opts: ImportOptions,
    known: Map<string, number>,
  ): Promise<string> {
    const tagIds = await this.tagIdsOf(owner.id, r.tags, known);
    const make = (customSlug: string | undefined) =>
      this.uow.run(async (tx) => {
        const input = {
          kind: 'redirect' as const,
          targetUrl: r.url,
          domain: opts.domain,
          customSlug,
          title: r.title?.slice(0, 255),
          tagIds,
          expireAt: r.expireAt ? Math.floor(r.expireAt.getTime() / 1000) : undefined,
        };
        const link = await this.links.create(owner, input, tx);
        const carried = { id: link.id, accountId: owner.id };
        await this.repo.carryOver(carried, r.createdAt, r.visits ?? 0, tx);
        return link.slug;
      });
    return make(r.slug).catch((e: unknown) => {
      if (!(isSlugTaken(e) && opts.onConflict === 'rename')) throw e;
      return make(undefined);
    });
  }

  /** A dry run writes nothing: the slug the row would get, or slug_taken as a real run would. */
  private async wouldMake(
    accountId: number,
    slug: string | undefined,
    seen: Set<string>,
    opts: ImportOptions,
  ) {
    if (slug === undefined) return '(random)';
    const domainId = this.domains.forCreate(opts.domain, accountId, 'redirect').id;
    const taken = seen.has(slug) || (await this.repo.slugTaken(domainId, slug));
    seen.add(slug);
    if (!taken) return slug;
    if (opts.onConflict === 'rename') return '(random)';
    throw new DomainError(409, 'slug_taken', `The slug "${slug}" is taken`);
  }

  /** What would make the service refuse the row, in the operator's words; null if fine. */
  private check(r: ImportRecord): string | null {
    if (!r.url) return 'no target URL';
    if (!isHttpUrl(r.url)) return `not an http(s) URL: ${r.url.slice(0, 100)}`;
    if (r.slug !== undefined && !SLUG_PATTERN.test(r.slug)) {
      return `slug "${r.slug}" is not 1-64 letters, digits, _ or -`;
    }
    if (r.slug !== undefined && isReservedSlug(r.slug)) return `slug "${r.slug}" is reserved`;
    for (const [name, d] of [
      ['expire_at', r.expireAt],
      ['created date', r.createdAt],
    ] as const) {
      if (d && Number.isNaN(d.getTime())) return `${name} is not a date`;
    }
    return null;
  }

  /** Tags by name, made on first use (the account's own, matched exactly). */
  private async tagIdsOf(
    accountId: number,
    names: string[] | undefined,
    known: Map<string, number>,
  ) {
    const ids: number[] = [];
    for (const raw of names ?? []) {
      const name = raw.slice(0, 64);
      let id = known.get(name);
      if (id === undefined) {
        id = (await this.tags.create(accountId, name)).id;
        known.set(name, id);
      }
      ids.push(id);
    }
    return ids;
  }
}

const isSlugTaken = (e: unknown) => e instanceof DomainError && e.code === 'slug_taken';
