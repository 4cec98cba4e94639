import { Injectable } from '@nestjs/common';
import { AccountOverviewService } from '../../account/account-overview.service';
import type { AuthenticatedAccount } from '../../auth/authenticated-account';
import { humanSize } from '../../common/human-size';
import { UploadFieldsDto } from '../../files/dto/upload-fields.dto';
import { FilesService } from '../../files/files.service';
import type { UploadedFile } from '../../files/upload/streaming-storage-engine';
import { SmmsAnswer, smmsFailure, smmsSuccess } from './smms-shape';

/** Our files and accounts in SM.MS v2's words. */
@Injectable()
export class SmmsService {
  constructor(
    private readonly files: FilesService,
    private readonly accounts: AccountOverviewService,
  ) {}

  async upload(
    account: AuthenticatedAccount,
    uploaded: UploadedFile[] | undefined,
    fields: UploadFieldsDto,
  ): Promise<SmmsAnswer> {
    const { record, repeated } = await this.files.uploadOnce(account, uploaded, fields);
    if (!repeated) return smmsSuccess('Upload success.', record);
    return smmsFailure(
      'image_repeated',
      `Image upload repeated limit, this image exists at: ${record.url}`,
      { images: record.url },
    );
  }

  async history(accountId: number, page: number): Promise<SmmsAnswer> {
    return smmsSuccess('Get list success.', await this.files.history(accountId, page));
  }

  async delete(hash: string): Promise<SmmsAnswer> {
    try {
      await this.files.deleteByHash(hash);
    } catch {
      return smmsFailure('error', 'File already deleted.');
    }
    return smmsSuccess('File delete success.', []);
  }

  async profile(accountId: number): Promise<SmmsAnswer> {
    const a = await this.accounts.describe(accountId);
    return smmsSuccess('Get user profile success.', {
      username: a.email,
      email: a.email,
      role: a.plan.name,
      group_expire: a.plan.expires_at
        ? new Date(a.plan.expires_at * 1000).toISOString().slice(0, 10)
        : '0000-00-00',
      email_verified: 1,
      disk_usage: humanSize(a.usage.storage_bytes),
      disk_usage_raw: a.usage.storage_bytes,
      disk_limit: humanSize(a.plan.storage_quota_bytes),
      disk_limit_raw: a.plan.storage_quota_bytes,
    });
  }
}
