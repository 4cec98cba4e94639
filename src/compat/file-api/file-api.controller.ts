import {
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  Post,
  Query,
  UploadedFiles,
} from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthenticatedAccount } from '../../auth/authenticated-account';
import { CurrentAccount } from '../../auth/current-account.decorator';
import { RawResponse } from '../../common/decorators/raw-response.decorator';
import { Public } from '../../common/decorators/public.decorator';
import { ApiAuth } from '../../auth/scopes/api-auth.decorator';
import { FileRecordDto } from '../../files/dto/file-record.dto';
import { HistoryQuery } from '../../files/dto/history.query';
import { UploadFields, UploadFieldsDto } from '../../files/dto/upload-fields.dto';
import { FilesService } from '../../files/files.service';
import { AcceptsUpload } from '../../files/upload/accepts-upload.decorator';
import type { UploadedFile } from '../../files/upload/streaming-storage-engine';
import { ApiData, ApiErrors, ApiRaw } from '../../common/openapi-responses';

/** S.EE's answer (FileDeleteResponse): `code` the string "200", and `success`. */
const FILE_DELETED = {
  type: 'object',
  required: ['code', 'message', 'success', 'data'],
  properties: {
    code: { type: 'string', enum: ['200'] },
    message: { type: 'string', example: 'success' },
    success: { type: 'boolean', enum: [true] },
    data: {
      type: 'object',
      properties: { file_id: { type: 'integer' }, deleted: { type: 'boolean', enum: [true] } },
    },
  },
};

const DELETED_SHAPE =
  'S.EE\'s shape: `{ code: "200", message, success: true, data }`, `code` a string, which both ' +
  'its Go SDK (a string) and its PHP SDK (compares with 200) decode. Errors are the usual envelope.';

const deleted = (data: { file_id: number; deleted: true }) => ({
  code: '200',
  message: 'success',
  success: true,
  data,
});

/**
 * The spec's `{base_url}/file` layer: clients of the old SM.MS-style image host move over by
 * replacing their base address with `{base_url}/file`.
 */
@ApiTags('files')
@Controller('api/v1/file')
export class FileApiController {
  constructor(private readonly files: FilesService) {}

  @Post('upload')
  @ApiData(FileRecordDto)
  @ApiErrors({
    400: ['empty_file', 'slug_reserved', 'domain_not_allowed'],
    409: ['slug_taken'],
    413: ['file_too_large', 'quota_exceeded', 'payload_too_large'],
    415: ['unsupported_media_type'],
  })
  @HttpCode(200)
  @ApiAuth('files:write')
  @AcceptsUpload()
  @ApiConsumes('multipart/form-data')
  @ApiBody({
    schema: {
      type: 'object',
      properties: {
        file: { type: 'string', format: 'binary', description: 'or `legacyfile`, or `smfile`' },
        domain: { type: 'string' },
        custom_slug: { type: 'string' },
        is_private: { type: 'string', enum: ['1', '0', 'true', 'false'] },
        password: { type: 'string', description: "Not S.EE's: visitors of the page must give it" },
        expire_at: { type: 'string', description: "Not S.EE's: Unix seconds, in the future" },
      },
    },
  })
  @ApiOperation({ summary: 'Upload a file (streamed; the plan limits apply as it arrives)' })
  upload(
    @CurrentAccount() account: AuthenticatedAccount,
    @UploadedFiles() files: UploadedFile[] | undefined,
    @UploadFields() fields: UploadFieldsDto,
  ): Promise<FileRecordDto> {
    return this.files.upload(account, files, fields);
  }

  @Get('upload_history')
  @ApiData([FileRecordDto])
  @ApiAuth('files:read')
  @ApiOperation({ summary: 'The same as GET /files, where old clients look for it' })
  uploadHistory(@CurrentAccount() account: AuthenticatedAccount, @Query() q: HistoryQuery) {
    return this.files.history(account.id, q.page);
  }

  @Get('delete/:hash')
  @ApiRaw(FILE_DELETED)
  @ApiErrors({ 404: ['not_found'] })
  @Public()
  @RawResponse()
  @ApiOperation({
    summary: 'Delete a file by its delete hash (no token: the hash is the key)',
    description: DELETED_SHAPE,
  })
  async deleteByGet(@Param('hash') hash: string) {
    return deleted(await this.files.deleteByHash(hash));
  }

  @Delete('delete/:hash')
  @ApiRaw(FILE_DELETED)
  @ApiErrors({ 404: ['not_found'] })
  @Public()
  @RawResponse()
  @ApiOperation({ summary: 'Delete a file by its delete hash', description: DELETED_SHAPE })
  async delete(@Param('hash') hash: string) {
    return deleted(await this.files.deleteByHash(hash));
  }
}
