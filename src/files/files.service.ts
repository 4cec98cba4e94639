import { Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { PlanLimits } from '../auth/plans/plan-limits';
import type { AuthenticatedAccount } from '../auth/authenticated-account';
import { notFound } from '../common/errors/domain-error';
import { isUniqueViolation } from '../common/errors/unique-violation';
import { toUnix } from '../common/time';
import { VisitReads } from '../analytics/visit-reads';
import { Env } from '../config/env';
import { UnitOfWork } from '../database/unit-of-work';
import { PersistOptions } from './persist-options';
import { DomainsService } from '../domains/domains.service';
import { Link } from '../links/link.entity';
import { LinksService } from '../links/links.service';
import { FileRecordDto } from './dto/file-record.dto';
import { UploadFieldsDto } from './dto/upload-fields.dto';
import { StoredFile, THUMBS, UPLOAD_COMPLETED } from './file.entity';
import { THUMB_SIZES, ThumbSize } from './media/thumbnail-sizes';
import { Thumbnails } from './media/thumbnails';
import { FileFilter, FilesRepository } from './files.repository';
import { SharedBytes } from './shared-bytes';
import type { Readable } from 'node:stream';
import { meterIntoStorage, ReceivedFile } from './upload/meter';
import { Storage } from './storage/storage';
import { receivedOf, UploadedFile } from './upload/streaming-storage-engine';

export const HISTORY_PAGE_SIZE = 30;

@Injectable()
export class FilesService {
  /** Files stored since start, whichever way they came (read by /metrics at scrape time). */
  readonly stored = { files: 0, bytes: 0 };
  private readonly filesBase: string;
  private readonly apiBase: string;

  private readonly filesPublicUrl: boolean;
  private readonly keepMetadata: boolean;
  constructor(
    private readonly files: FilesRepository,
    private readonly bytes: SharedBytes,
    private readonly links: LinksService,
    private readonly domains: DomainsService,
    private readonly limits: PlanLimits,
    private readonly uow: UnitOfWork,
    private readonly visitCounts: VisitReads,
    private readonly thumbnails: Thumbnails,
    private readonly storage: Storage,
    env: Env,
  ) {
    this.keepMetadata = env.UPLOAD_KEEP_METADATA;
    const publicUrl = env.PUBLIC_URL.replace(/\/+$/, '');
    this.filesPublicUrl = env.FILES_PUBLIC_URL !== undefined;
    this.filesBase = env.FILES_PUBLIC_URL?.replace(/\/+$/, '') ?? `${publicUrl}/u`;
    this.apiBase = `${publicUrl}/api/v1`;
  }

  /**
   * Writes the link, the record and the account's usage in one transaction for bytes multer has
   * streamed into storage. Every upload makes a new record, even of bytes seen before.
   */
  async upload(
    account: AuthenticatedAccount,
    uploaded: UploadedFile[] | undefined,
    fields: UploadFieldsDto,
  ): Promise<FileRecordDto> {
    return this.persist(account, receivedOf(uploaded), fields);
  }

  /**
   * A file from a stream that is not a form upload (the MCP endpoint's base64 or fetched
   * bytes): metered into storage under the plan's limits as a form upload is, then recorded.
   */
  async uploadStream(
    account: AuthenticatedAccount,
    stream: Readable,
    filename: string,
    fields: UploadFieldsDto,
  ): Promise<FileRecordDto> {
    const room = await this.limits.uploadRoom(account);
    const file = await meterIntoStorage(stream, filename, this.storage, room, !this.keepMetadata);
    return this.persist(account, file, fields);
  }

  /** SM.MS's rule: the same account uploading identical bytes again gets the existing file. */
  async uploadOnce(
    account: AuthenticatedAccount,
    uploaded: UploadedFile[] | undefined,
    fields: UploadFieldsDto,
  ) {
    const file = receivedOf(uploaded);
    // Stored as this upload stored it: with its metadata only if it kept some.
    const again = () => this.bytes.findIdentical(account.id, file.uploadSha256, file.keptMetadata);
    let existing = await again();
    if (!existing) {
      try {
        return {
          record: await this.persist(account, file, fields, { dedupe: true }),
          repeated: false,
        };
      } catch (e) {
        // Identical bytes stored by a request racing this one (the unique dedupe index).
        if (!isUniqueViolation(e)) throw e;
        existing = await again();
        if (!existing) throw e;
      }
    }
    await this.bytes.discard(file);
    return { record: this.toRecord(existing), repeated: true };
  }

  /**
   * Whatever fails once the bytes are stored removes them again. The quota is reserved first in
   * the transaction (unless a resumable upload reserved it when it began): parallel uploads can
   * never pass it together, and the account row is locked before the inserts reference it.
   */
  async persist(
    account: AuthenticatedAccount,
    file: ReceivedFile,
    fields: UploadFieldsDto,
    opts: PersistOptions = {},
  ) {
    try {
      const row = {
        ...file,
        storageKey: null as string | null,
        accountId: account.id,
        deleteHash: randomBytes(16).toString('hex'),
        uploadStatus: UPLOAD_COMPLETED,
        // The stored bytes' hash: the same photo kept and stripped are two files.
        dedupeSha256: opts.dedupe ? file.sha256 : null,
        isPrivate: fields.is_private ?? false,
        thumbs: this.thumbnails.handles(file.mime) ? THUMBS.pending : THUMBS.none,
        createdAt: new Date(),
      };
      const input = {
        kind: 'file' as const,
        targetUrl: null,
        title: file.filename,
        domain: fields.domain,
        customSlug: fields.custom_slug,
        password: fields.password,
        expireAt: fields.expire_at,
        unfurl: fields.unfurl,
        maxVisits: fields.max_visits,
        ...opts.link,
      };
      const link = await this.uow.run(async (tx) => {
        if (!opts.reserved) {
          await this.limits.reserveStorage(account, file.size, tx);
        }
        // Its `file.uploaded` event carries the record too (its URL, type, size).
        const created = await this.links.create(account, input, tx, (made) => ({
          file: this.toRecord({ ...row, linkId: made.id }, made.short_url),
        }));
        row.storageKey = await this.bytes.keyFor(file, tx);
        await this.files.insert({ ...row, linkId: created.id }, tx);
        await opts.inTransaction?.(tx, created.id);
        return created;
      });
      file.committed = true;
      this.stored.files++;
      this.stored.bytes += file.size;
      if (row.thumbs === THUMBS.pending) this.thumbnails.schedule({ ...row, linkId: link.id });
      else this.thumbnails.noteUpload();
      // The record is what was just written: no need to read it back.
      return this.toRecord({ ...row, linkId: link.id }, link.short_url);
    } catch (e) {
      await this.bytes.discard(file);
      throw e;
    }
  }

  async history(accountId: number, page: number, f?: FileFilter): Promise<FileRecordDto[]> {
    const rows = await this.files.listByAccount(accountId, page, HISTORY_PAGE_SIZE, f);
    const counts = await this.visitCounts.ofLinks(rows.map((f) => f.linkId));
    return rows.map((f) => ({
      ...this.toRecord(f),
      created_at: toUnix(f.createdAt),
      visit_count: counts.get(f.linkId) ?? 0,
    }));
  }

  /** The delete hash is the capability: no token needed. */
  async deleteByHash(hash: string): Promise<{ file_id: number; deleted: true }> {
    const file = /^[0-9a-f]{32}$/.test(hash) ? await this.files.getByDeleteHash(hash) : null;
    if (!file?.link || !(await this.links.remove(file.link))) throw notFound('File');
    return { file_id: file.linkId, deleted: true };
  }

  async getByLink(link: Link): Promise<StoredFile> {
    const file = await this.files.getByLinkId(link.id);
    if (!file) throw notFound('File');
    return file;
  }

  /** The record of `/u/<path>`; anything that is not such a path names nothing. */
  async getByPath(path: string): Promise<StoredFile> {
    const file = /^\/\d{4}\/\d{2}\/\d{2}\/[0-9a-f]{12}\/[A-Za-z0-9]{16}\.[a-z0-9]+$/.test(path)
      ? await this.files.getByPath(path)
      : null;
    if (!file) throw notFound('File');
    return file;
  }

  /** Files by their ids, with their links, in the order asked (the ones gone left out). */
  async getMany(ids: number[]): Promise<StoredFile[]> {
    const found = new Map((await this.files.getManyWithLinks(ids)).map((f) => [f.linkId, f]));
    return ids.flatMap((id) => found.get(id) ?? []);
  }

  /** A file of this account by its id; another account's is not found. */
  async owned(accountId: number, fileId: number): Promise<StoredFile> {
    const file = await this.files.getByLinkId(fileId);
    if (!file || file.accountId !== accountId) throw notFound('File');
    return file;
  }

  /** The record of a file share by its link id (a finished resumable upload's file). */
  async recordOfLink(linkId: number): Promise<FileRecordDto> {
    const file = await this.files.getByLinkIdWithLink(linkId);
    if (!file) throw notFound('File');
    return this.toRecord(file);
  }

  toRecord(f: StoredFile, pageUrl?: string): FileRecordDto {
    const host = pageUrl ? new URL(pageUrl).host : f.link && this.domains.hostOf(f.link.domainId);
    const url = this.urlOf(f, host);
    return {
      file_id: f.linkId,
      width: f.width,
      height: f.height,
      filename: f.filename,
      storename: f.storename,
      size: f.size,
      path: f.path,
      hash: f.deleteHash,
      url,
      mime_type: f.mime,
      thumb_url: this.thumbUrlOf(f, url),
      delete: `${this.apiBase}/file/delete/${f.deleteHash}`,
      page: pageUrl ?? (f.link ? this.pageUrlOf(f.link) : ''),
      upload_status: f.uploadStatus,
      is_private: f.isPrivate,
    };
  }

  pageUrlOf(link: Link): string {
    return this.domains.shortUrl(link.domainId, link.slug);
  }

  /**
   * The larger thumbnail (1280 px, WebP) beside the bytes' address, while it is made or to be
   * made; '' for a file that has none (not an image we read, or one that could not be read).
   */
  thumbUrlOf(f: StoredFile, url = this.urlOf(f), size: ThumbSize = THUMB_SIZES[1]): string {
    const to = f.thumbs === THUMBS.pending || f.thumbs === THUMBS.made;
    return to ? `${url}.${size}.webp` : '';
  }

  /** The bytes' address: FILES_PUBLIC_URL, else the share's custom domain, else PUBLIC_URL. */
  urlOf(f: StoredFile, host?: string): string {
    if (host && !this.filesPublicUrl && this.domains.isCustom(host)) {
      return `${this.domains.scheme}://${host}/u${f.path}`;
    }
    return `${this.filesBase}${f.path}`;
  }
}
