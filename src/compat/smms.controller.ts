import { Controller, Get, HttpCode, Param, Post, Query, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { AccountsService } from '../auth/accounts.service';
import type { AuthenticatedAccount } from '../auth/authenticated-account';
import { CurrentAccount } from '../common/decorators/current-account.decorator';
import { Public } from '../common/decorators/public.decorator';
import { RawResponse } from '../common/decorators/raw-response.decorator';
import { humanSize } from '../common/human-size';
import { ApiAuth } from '../common/openapi';
import { HistoryQuery } from '../files/dto/history.query';
import { FilesService } from '../files/files.service';
import { SmmsAnswer, smmsFailure, smmsSuccess } from './smms-shape';

/**
 * A drop-in for unmodified SM.MS v2 clients: the same paths under /api/v2, the same answer shape
 * (`code: "success" | "error" | "image_repeated" | ...`), HTTP 200 even on failure.
 */
@ApiTags('sm.ms v2 compatibility')
@ApiAuth()
@RawResponse()
@Controller('api/v2')
export class SmmsController {
  constructor(
    private readonly files: FilesService,
    private readonly accounts: AccountsService,
  ) {}

  @Post('upload')
  @HttpCode(200)
  @ApiOperation({ summary: 'SM.MS v2 upload (`smfile`); identical bytes again: image_repeated' })
  async upload(@CurrentAccount() account: AuthenticatedAccount, @Req() req: Request) {
    const { record, repeated } = await this.files.uploadOnce(account, req);
    if (repeated) {
      return smmsFailure(
        'image_repeated',
        `Image upload repeated limit, this image exists at: ${record.url}`,
        { images: record.url },
      );
    }
    return smmsSuccess('Upload success.', record);
  }

  @Get('upload_history')
  @ApiOperation({ summary: 'SM.MS v2 upload history' })
  async history(@CurrentAccount() account: AuthenticatedAccount, @Query() q: HistoryQuery) {
    return smmsSuccess('Get list success.', await this.files.history(account.id, q.page));
  }

  @Get('delete/:hash')
  @Public()
  @ApiOperation({ summary: 'SM.MS v2 delete by hash' })
  async delete(@Param('hash') hash: string): Promise<SmmsAnswer> {
    try {
      await this.files.deleteByHash(hash);
    } catch {
      return smmsFailure('error', 'File already deleted.');
    }
    return smmsSuccess('File delete success.', []);
  }

  @Post('profile')
  @HttpCode(200)
  @ApiOperation({ summary: 'SM.MS v2 profile: the account and its disk usage' })
  async profile(@CurrentAccount() account: AuthenticatedAccount) {
    const a = await this.accounts.describe(account.id);
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
