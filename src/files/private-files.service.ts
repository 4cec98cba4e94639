import { Injectable } from '@nestjs/common';
import { UnitOfWork } from '../database/unit-of-work';
import { notFound } from '../common/errors/domain-error';
import { FileRecordDto } from './dto/file-record.dto';
import { StoredFile } from './file.entity';
import { FilesRepository } from './files.repository';
import { FilesService } from './files.service';
import { PrivateUrls } from './private-urls';
import { LinksService } from '../links/links.service';

/** S.EE's private files: bytes off the public URLs, reachable through signed URLs. */
@Injectable()
export class PrivateFilesService {
  constructor(
    private readonly files: FilesRepository,
    private readonly service: FilesService,
    private readonly urls: PrivateUrls,
    private readonly links: LinksService,
    private readonly uow: UnitOfWork,
  ) {}

  /** `PATCH /api/v1/files/:id`: privacy, and whether link previews may show the file. */
  async change(
    accountId: number,
    fileId: number,
    changes: { is_private?: boolean; unfurl?: boolean },
  ): Promise<FileRecordDto> {
    let file = await this.owned(accountId, fileId);
    if (changes.unfurl !== undefined) {
      await this.links.update(accountId, { id: fileId }, { unfurl: changes.unfurl }, 'file');
      file = await this.owned(accountId, fileId);
    }
    if (changes.is_private === undefined) return this.service.toRecord(file);
    return this.setPrivate(accountId, fileId, changes.is_private);
  }

  async downloadUrl(accountId: number, fileId: number) {
    const file = await this.owned(accountId, fileId);
    const signed = await this.urls.sign(file, this.service.urlOf(file));
    return { file_id: file.linkId, url: signed.url, expires_at: signed.expiresAt };
  }

  async setPrivate(accountId: number, fileId: number, isPrivate: boolean): Promise<FileRecordDto> {
    const file = await this.owned(accountId, fileId);
    await this.uow.run(async (tx) => {
      await this.files.setPrivate(file.linkId, isPrivate, tx);
      await this.links.record('updated', file.link!, tx);
    });
    return this.service.toRecord({ ...file, isPrivate });
  }

  /** The bytes of a file for a request: a private one only with a current signature. */
  async servable(file: StoredFile, query: { expires?: unknown; sig?: unknown }): Promise<boolean> {
    return !file.isPrivate || this.urls.verify(file.path, query.expires, query.sig);
  }

  private async owned(accountId: number, fileId: number): Promise<StoredFile> {
    const file = await this.files.getByLinkIdWithLink(fileId);
    if (!file || file.accountId !== accountId) throw notFound('File');
    return file;
  }
}
