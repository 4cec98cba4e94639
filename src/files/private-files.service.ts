import { Injectable } from '@nestjs/common';
import { notFound } from '../common/errors/domain-error';
import { FileRecordDto } from './dto/file-record.dto';
import { StoredFile } from './file.entity';
import { FilesRepository } from './files.repository';
import { FilesService } from './files.service';
import { PrivateUrls } from './private-urls';

/** S.EE's private files: bytes off the public URLs, reachable through signed URLs. */
@Injectable()
export class PrivateFilesService {
  constructor(
    private readonly files: FilesRepository,
    private readonly service: FilesService,
    private readonly urls: PrivateUrls,
  ) {}

  async downloadUrl(accountId: number, fileId: number) {
    const file = await this.owned(accountId, fileId);
    const signed = await this.urls.sign(file, this.service.urlOf(file));
    return { file_id: file.linkId, url: signed.url, expires_at: signed.expiresAt };
  }

  async setPrivate(accountId: number, fileId: number, isPrivate: boolean): Promise<FileRecordDto> {
    const file = await this.owned(accountId, fileId);
    await this.files.setPrivate(file.linkId, isPrivate);
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
