import { Injectable } from '@nestjs/common';
import type { AuthenticatedAccount } from '../auth/authenticated-account';
import { DomainError, notFound } from '../common/errors/domain-error';
import { UnitOfWork, Tx } from '../database/unit-of-work';
import type { StoredFile } from '../files/file.entity';
import { FilesService } from '../files/files.service';
import { linkFields } from '../links/dto/to-input';
import type { LinkDto } from '../links/dto/link.dto';
import type { Link } from '../links/link.entity';
import { LinksService } from '../links/links.service';
import { BundlesRepository } from './bundles.repository';
import { BundleDto, CreateBundleDto, MAX_BUNDLE_FILES, UpdateBundleDto } from './dto/bundle.dto';

export const BUNDLES_PAGE_SIZE = 20;

/**
 * Bundles: several of an account's files under one address (a link of kind `bundle`), with the
 * password, expiry, domain, analytics and takedown every share has. A file is in one bundle at
 * most; deleting the bundle deletes its files (their bytes go when no other record uses them).
 */
@Injectable()
export class BundlesService {
  constructor(
    private readonly links: LinksService,
    private readonly files: FilesService,
    private readonly bundles: BundlesRepository,
    private readonly uow: UnitOfWork,
  ) {}

  async create(account: AuthenticatedAccount, dto: CreateBundleDto): Promise<BundleDto> {
    const ids = [...new Set(dto.file_ids ?? [])];
    const created = await this.uow.run(async (tx) => {
      await this.checkFiles(account.id, ids, tx);
      const link = await this.links.create(
        account,
        {
          ...linkFields(dto),
          kind: 'bundle',
          targetUrl: null,
          domain: dto.domain,
          customSlug: dto.custom_slug,
        },
        tx,
      );
      await this.bundles.insert({ linkId: link.id, isPrivate: dto.is_private ?? false }, tx);
      await this.bundles.add(link.id, ids, tx);
      return link;
    });
    return this.get(account.id, created.id);
  }

  async get(accountId: number, id: number): Promise<BundleDto> {
    const link = await this.links.get(accountId, { id }, 'bundle');
    return this.describe(link);
  }

  async list(accountId: number, page: number): Promise<BundleDto[]> {
    const links = await this.links.list(accountId, { kind: 'bundle' }, page, BUNDLES_PAGE_SIZE);
    return Promise.all(links.map((l) => this.describe(l)));
  }

  async update(accountId: number, id: number, dto: UpdateBundleDto): Promise<BundleDto> {
    await this.links.update(accountId, { id }, linkFields(dto), 'bundle');
    const isPrivate = dto.is_private;
    if (isPrivate !== undefined) {
      const link = await this.links.findOwned(accountId, { id }, 'bundle');
      await this.uow.run(async (tx) => {
        await this.bundles.setPrivate(id, isPrivate, tx);
        await this.links.record('updated', link, tx);
      });
    }
    return this.get(accountId, id);
  }

  async addFiles(accountId: number, id: number, fileIds: number[]): Promise<BundleDto> {
    const link = await this.links.findOwned(accountId, { id }, 'bundle');
    const ids = [...new Set(fileIds)];
    await this.uow.run(async (tx) => {
      await this.checkFiles(accountId, ids, tx);
      const now = await this.bundles.fileIdsOf(id, tx);
      if (now.length + ids.length > MAX_BUNDLE_FILES) {
        throw new DomainError(
          400,
          'plan_limit',
          `A bundle holds at most ${MAX_BUNDLE_FILES} files`,
        );
      }
      await this.bundles.add(id, ids, tx);
      await this.links.record('updated', link, tx);
    });
    return this.get(accountId, id);
  }

  /** Takes a file out of the bundle; the file stays, as a share of its own. */
  async removeFile(accountId: number, id: number, fileId: number): Promise<BundleDto> {
    const link = await this.links.findOwned(accountId, { id }, 'bundle');
    await this.uow.run(async (tx) => {
      if (!(await this.bundles.remove(id, fileId, tx))) throw notFound('File');
      await this.links.record('updated', link, tx);
    });
    return this.get(accountId, id);
  }

  async delete(accountId: number, id: number): Promise<{ id: number; deleted: true }> {
    const link = await this.links.findOwned(accountId, { id }, 'bundle');
    if (!(await this.links.remove(link))) throw notFound('Bundle');
    return { id, deleted: true };
  }

  /** In the transaction writing a file's record: the file joins the caller's bundle. */
  async join(accountId: number, bundleId: number, fileId: number, tx: Tx): Promise<void> {
    const [bundle] = await this.links.ownedRows(accountId, [bundleId]);
    if (bundle?.kind !== 'bundle') throw notFound('Bundle');
    await this.bundles.add(bundleId, [fileId], tx);
  }

  /** In the transaction removing a bundle's link: its files go with it, then its rows. */
  async removeContent(link: Link, tx: Tx): Promise<void> {
    const fileIds = await this.bundles.fileIdsOf(link.id, tx);
    await this.bundles.deleteBundle(link.id, tx);
    for (const file of await this.links.ownedRows(link.accountId, fileIds)) {
      await this.links.removeIn(file, null, tx);
    }
  }

  /** What a bundle's page and zip show: whether it is private, and its files in order. */
  async contentFor(link: Link): Promise<{ isPrivate: boolean; files: StoredFile[] }> {
    const bundle = await this.bundles.getByLinkId(link.id);
    if (!bundle) throw notFound('Bundle');
    return {
      isPrivate: bundle.isPrivate,
      files: await this.files.getMany(await this.bundles.fileIdsOf(link.id)),
    };
  }

  private async describe(link: LinkDto): Promise<BundleDto> {
    const files = await this.files.getMany(await this.bundles.fileIdsOf(link.id));
    return {
      id: link.id,
      slug: link.slug,
      short_url: link.short_url,
      title: link.title,
      files: files.map((f) => this.files.toRecord(f)),
      created_at: link.created_at,
      unfurl: link.unfurl,
    };
  }

  /** The caller's own files, each in no bundle yet; another account's is not found. */
  private async checkFiles(accountId: number, ids: number[], tx: Tx): Promise<void> {
    const owned = await this.links.ownedRows(accountId, ids);
    const missing = ids.find((id) => !owned.some((l) => l.id === id && l.kind === 'file'));
    if (missing !== undefined) throw notFound('File');
    const [taken] = await this.bundles.inBundles(ids, tx);
    if (taken !== undefined) {
      throw new DomainError(409, 'conflict', `File ${taken} is in a bundle already`);
    }
  }
}
