import { Body, Controller, Delete, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthenticatedAccount } from '../../auth/authenticated-account';
import { CurrentAccount } from '../../auth/current-account.decorator';
import { ApiAuth } from '../../auth/scopes/api-auth.decorator';
import { ApiData, ApiErrors } from '../../common/openapi-responses';
import {
  CancelledLargeUploadDto,
  CompletedLargeUploadDto,
  CreatedLargeUploadDto,
  CreateLargeUploadDto,
  LargeUploadProgressDto,
  UploadIdDto,
} from './large-upload.dto';
import { LargeUploadsService } from './large-uploads.service';

/** S.EE's large-file calls around the tus upload URL. */
@ApiTags('files')
@ApiAuth('files:write')
@Controller('api/v1/file/large-file')
export class LargeUploadsController {
  constructor(private readonly uploads: LargeUploadsService) {}

  @Post('create')
  @HttpCode(200)
  @ApiData(CreatedLargeUploadDto)
  @ApiErrors({ 413: ['file_too_large', 'quota_exceeded'] })
  @ApiOperation({
    summary: 'Begin a resumable upload: the plan limits apply and the bytes are reserved now',
    description:
      'Send the bytes with tus (PATCH) to upload_url; unfinished uploads end at expires_at.',
  })
  create(
    @CurrentAccount() account: AuthenticatedAccount,
    @Body() dto: CreateLargeUploadDto,
  ): Promise<CreatedLargeUploadDto> {
    return this.uploads.create(account, dto);
  }

  @Get('progress')
  @ApiData(LargeUploadProgressDto)
  @ApiErrors({ 404: ['not_found'] })
  @ApiOperation({ summary: 'How far a resumable upload is' })
  progress(
    @CurrentAccount() account: AuthenticatedAccount,
    @Query() q: UploadIdDto,
  ): Promise<LargeUploadProgressDto> {
    return this.uploads.progress(account.id, q.upload_id);
  }

  @Post('complete')
  @HttpCode(200)
  @ApiData(CompletedLargeUploadDto)
  @ApiErrors({ 404: ['not_found'], 410: ['gone'], 409: ['slug_taken'] })
  @ApiOperation({
    summary: 'The file a finished upload became (the last byte makes it; this answers it)',
  })
  complete(
    @CurrentAccount() account: AuthenticatedAccount,
    @Body() dto: UploadIdDto,
  ): Promise<CompletedLargeUploadDto> {
    return this.uploads.complete(account, dto.upload_id);
  }

  @Delete('cancel')
  @ApiData(CancelledLargeUploadDto)
  @ApiErrors({ 404: ['not_found'], 409: ['conflict'] })
  @ApiOperation({ summary: 'Cancel an upload: its parts go and its reserved bytes come back' })
  cancel(
    @CurrentAccount() account: AuthenticatedAccount,
    @Body() dto: UploadIdDto,
  ): Promise<CancelledLargeUploadDto> {
    return this.uploads.cancel(account.id, dto.upload_id);
  }
}
