import { Injectable } from '@nestjs/common';
import type { AuthenticatedAccount } from '../auth/authenticated-account';
import { createValidationPipe } from '../common/pipes/validation.pipe';
import { UploadFieldsDto } from '../files/dto/upload-fields.dto';
import { FilesService } from '../files/files.service';
import type { UploadedFile } from '../files/upload/streaming-storage-engine';
import { LinksService } from '../links/links.service';
import { BundlesService } from './bundles.service';
import { BundleDto, BundleFileIdsDto } from './dto/bundle.dto';

const json = createValidationPipe();
const form = createValidationPipe({ forbidNonWhitelisted: false });

/** `POST /api/v1/bundles/:id/files`: a file uploaded into a bundle, or files added by id. */
@Injectable()
export class BundleFilesService {
  constructor(
    private readonly bundles: BundlesService,
    private readonly files: FilesService,
    private readonly links: LinksService,
  ) {}

  async add(
    account: AuthenticatedAccount,
    id: number,
    uploaded: UploadedFile[] | undefined,
    body: unknown,
  ): Promise<BundleDto> {
    if (!uploaded?.length) {
      const dto = (await json.transform(body, {
        type: 'body',
        metatype: BundleFileIdsDto,
      })) as BundleFileIdsDto;
      return this.bundles.addFiles(account.id, id, dto.file_ids);
    }
    // Refused here, the stored bytes go with the request (UploadLimitsInterceptor).
    const plain = typeof body === 'object' && body !== null ? { ...body } : {};
    const fields = (await form.transform(plain, {
      type: 'body',
      metatype: UploadFieldsDto,
    })) as UploadFieldsDto;
    await this.links.findOwned(account.id, { id }, 'bundle');
    const record = await this.files.upload(account, uploaded, fields);
    try {
      return await this.bundles.addFiles(account.id, id, [record.file_id]);
    } catch (e) {
      // Not in the bundle (it was deleted meanwhile, or is full): the upload leaves nothing.
      const link = await this.links.findOwned(account.id, { id: record.file_id }, 'file');
      await this.links.remove(link);
      throw e;
    }
  }

  remove(accountId: number, id: number, fileId: number): Promise<BundleDto> {
    return this.bundles.removeFile(accountId, id, fileId);
  }
}
