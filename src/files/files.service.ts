import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { AuthenticatedAccount } from '../auth/authenticated-account';
import { DomainError, notFound } from '../common/errors/domain-error';
import { fieldErrors } from '../common/pipes/validation.pipe';
import { toUnix } from '../common/time';
import { Env } from '../config/env';
import { DomainsService } from '../domains/domains.service';
import { Link } from '../links/link.entity';
import { LinksService } from '../links/links.service';
import { FileRecordDto, UploadFieldsDto } from './dto/file-record.dto';
import { StoredFile, UPLOAD_COMPLETED } from './file.entity';
import { FilesRepository } from './files.repository';
import { Storage } from './storage/storage';
import { ReceivedFile, ReceivedUpload, receiveUpload } from './upload/receive-upload';

export const HISTORY_PAGE_SIZE = 30;

@Injectable()
export class FilesService implements OnModuleInit {
  private readonly logger = new Logger(FilesService.name);
  private readonly filesBase: string;
  private readonly apiBase: string;

  constructor(
    private readonly files: FilesRepository,
    private readonly storage: Storage,
    private readonly links: LinksService,
    private readonly domains: DomainsService,
    env: Env,
  ) {
    const publicUrl = env.PUBLIC_URL.replace(/\/+$/, '');
    this.filesBase = env.FILES_PUBLIC_URL?.replace(/\/+$/, '') ?? `${publicUrl}/u`;
    this.apiBase = `${publicUrl}/api/v1`;
  }

  /** Deleting a file's link from the links API removes the bytes and the usage too. */
  onModuleInit(): void {
    this.links.registerDeleter('file', async (link) => {
      const file = await this.files.getByLinkId(link.id);
      if (file) await this.remove(file);
    });
  }

  /**
   * Streams the upload into storage (limits enforced as bytes arrive), then writes the link and
   * the record in one transaction. Every upload makes a new record, even of bytes seen before.
   */
  async upload(account: AuthenticatedAccount, req: IncomingMessage): Promise<FileRecordDto> {
    return this.persist(account, await this.receive(account, req));
  }

  /** SM.MS's rule: the same account uploading identical bytes again gets the existing file. */
  async uploadOnce(account: AuthenticatedAccount, req: IncomingMessage) {
    const received = await this.receive(account, req);
    const existing = await this.files.getByAccountAndSha(account.id, received.file.sha256);
    if (!existing) return { record: await this.persist(account, received), repeated: false };
    await this.discard(received.file);
    return { record: this.toRecord(existing), repeated: true };
  }

  private receive(account: AuthenticatedAccount, req: IncomingMessage): Promise<ReceivedUpload> {
    return receiveUpload(req, this.storage, {
      maxFileBytes: account.maxFileBytes,
      quotaLeft: account.storageQuotaBytes - account.storageBytes,
    });
  }

  /** Whatever fails once the bytes are stored removes them again. */
  private async persist(account: AuthenticatedAccount, { file, fields }: ReceivedUpload) {
    try {
      const opts = validateFields(fields);
      const row = {
        ...file,
        accountId: account.id,
        deleteHash: randomBytes(16).toString('hex'),
        uploadStatus: UPLOAD_COMPLETED,
        createdAt: new Date(),
      };
      const link = await this.links.create(
        account.id,
        {
          kind: 'file',
          targetUrl: null,
          title: file.filename,
          domain: opts.domain,
          customSlug: opts.custom_slug,
        },
        (tx, linkId) => this.files.insertIn(tx, { ...row, linkId }),
      );
      // The record is what was just written: no need to read it back.
      return this.toRecord({ ...row, linkId: link.id }, link.short_url);
    } catch (e) {
      await this.discard(file);
      throw e;
    }
  }

  private discard(file: ReceivedFile): Promise<void> {
    return this.storage.delete(file.path.slice(1)).catch(() => undefined);
  }

  async history(accountId: number, page: number): Promise<FileRecordDto[]> {
    const rows = await this.files.listByAccount(accountId, page, HISTORY_PAGE_SIZE);
    return rows.map((f) => ({ ...this.toRecord(f), created_at: toUnix(f.createdAt) }));
  }

  /** The delete hash is the capability: no token needed. */
  async deleteByHash(hash: string): Promise<{ file_id: number; deleted: true }> {
    const file = /^[0-9a-f]{32}$/.test(hash) ? await this.files.getByDeleteHash(hash) : null;
    if (!file || !(await this.remove(file))) throw notFound('File');
    return { file_id: file.linkId, deleted: true };
  }

  async getByLink(link: Link): Promise<StoredFile> {
    const file = await this.files.getByLinkId(link.id);
    if (!file) throw notFound('File');
    return file;
  }

  toRecord(f: StoredFile, pageUrl?: string): FileRecordDto {
    return {
      file_id: f.linkId,
      width: f.width,
      height: f.height,
      filename: f.filename,
      storename: f.storename,
      size: f.size,
      path: f.path,
      hash: f.deleteHash,
      url: this.urlOf(f),
      delete: `${this.apiBase}/file/delete/${f.deleteHash}`,
      page: pageUrl ?? (f.link ? this.domains.shortUrl(f.link.domainId, f.link.slug) : ''),
      upload_status: f.uploadStatus,
    };
  }

  pageUrlOf(link: Link): string {
    return this.domains.shortUrl(link.domainId, link.slug);
  }

  urlOf(f: StoredFile): string {
    return `${this.filesBase}${f.path}`;
  }

  private async remove(file: StoredFile): Promise<boolean> {
    if (!(await this.files.deleteWithLink(file))) return false;
    await this.storage.delete(file.path.slice(1)).catch((e: Error) =>
      // The record is gone; bytes left behind are only wasted space. Say so for the operator.
      this.logger.warn(`could not delete stored bytes of ${file.path}: ${e.message}`),
    );
    return true;
  }
}

function validateFields(fields: Record<string, string>): UploadFieldsDto {
  const dto = plainToInstance(UploadFieldsDto, {
    domain: fields.domain || undefined,
    custom_slug: fields.custom_slug || undefined,
  });
  const errors = validateSync(dto);
  if (errors.length) {
    const byField = fieldErrors(errors);
    const first = Object.values(byField)[0][0];
    throw new DomainError(400, 'validation_failed', `Validation failed: ${first}`, {
      errors: byField,
    });
  }
  return dto;
}
