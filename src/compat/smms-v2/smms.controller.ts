import {
  Controller,
  Get,
  HttpCode,
  Param,
  Post,
  Query,
  UploadedFiles,
  UseFilters,
} from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthenticatedAccount } from '../../auth/authenticated-account';
import { CurrentAccount } from '../../auth/current-account.decorator';
import { Public } from '../../common/decorators/public.decorator';
import { RawResponse } from '../../common/decorators/raw-response.decorator';
import { ApiAuth } from '../../auth/scopes/api-auth.decorator';
import { HistoryQuery } from '../../files/dto/history.query';
import { UploadFields, UploadFieldsDto } from '../../files/dto/upload-fields.dto';
import { AcceptsUpload } from '../../files/upload/accepts-upload.decorator';
import type { UploadedFile } from '../../files/upload/streaming-storage-engine';
import { SmmsErrorsFilter } from './smms-errors.filter';
import { SmmsService } from './smms.service';
import { ApiRaw } from '../../common/openapi-responses';
import { SMMS_ANSWER, SMMS_NOTE } from './smms-schema';

/**
 * A drop-in for unmodified SM.MS v2 clients: the same paths under /api/v2, the same answer shape
 * (`code: "success" | "error" | "image_repeated" | ...`), HTTP 200 even on failure.
 */
@ApiTags('sm.ms v2 compatibility')
@RawResponse()
@UseFilters(SmmsErrorsFilter)
@Controller('api/v2')
export class SmmsController {
  constructor(private readonly smms: SmmsService) {}

  @Post('upload')
  @ApiRaw(SMMS_ANSWER, { description: SMMS_NOTE })
  @HttpCode(200)
  @ApiAuth('files:write')
  @AcceptsUpload()
  @ApiOperation({ summary: 'SM.MS v2 upload (`smfile`); identical bytes again: image_repeated' })
  upload(
    @CurrentAccount() account: AuthenticatedAccount,
    @UploadedFiles() files: UploadedFile[] | undefined,
    @UploadFields() fields: UploadFieldsDto,
  ) {
    return this.smms.upload(account, files, fields);
  }

  @Get('upload_history')
  @ApiRaw(SMMS_ANSWER, { description: SMMS_NOTE })
  @ApiAuth('files:read')
  @ApiOperation({ summary: 'SM.MS v2 upload history' })
  history(@CurrentAccount() account: AuthenticatedAccount, @Query() q: HistoryQuery) {
    return this.smms.history(account.id, q.page);
  }

  @Get('delete/:hash')
  @ApiRaw(SMMS_ANSWER, { description: SMMS_NOTE })
  @Public()
  @ApiOperation({ summary: 'SM.MS v2 delete by hash' })
  delete(@Param('hash') hash: string) {
    return this.smms.delete(hash);
  }

  @Post('profile')
  @ApiRaw(SMMS_ANSWER, { description: SMMS_NOTE })
  @HttpCode(200)
  @ApiAuth('account:read')
  @ApiOperation({ summary: 'SM.MS v2 profile: the account and its disk usage' })
  profile(@CurrentAccount() account: AuthenticatedAccount) {
    return this.smms.profile(account.id);
  }
}
