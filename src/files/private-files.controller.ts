import { Body, Controller, Get, Param, Patch, Query } from '@nestjs/common';
import { ApiOperation, ApiProperty, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { IsBoolean, IsInt, Min } from 'class-validator';
import type { AuthenticatedAccount } from '../auth/authenticated-account';
import { CurrentAccount } from '../auth/current-account.decorator';
import { ApiAuth } from '../auth/scopes/api-auth.decorator';
import { IdPipe } from '../common/pipes/id.pipe';
import { ToInt } from '../common/pipes/query-transforms';
import { FileRecordDto } from './dto/file-record.dto';
import { IsAbsentOr } from '../common/validators/is-absent-or';
import { UnfurlField } from '../links/dto/link-fields';
import { PrivateFilesService } from './private-files.service';
import { ApiData, ApiErrors } from '../common/openapi-responses';

class DownloadUrlQuery {
  @ApiProperty() @ToInt() @IsInt() @Min(1) file_id!: number;
}

class FileChangesDto {
  @ApiPropertyOptional({
    description: 'true: the bytes leave the public URLs; false: they are back',
  })
  @IsAbsentOr()
  @IsBoolean()
  is_private?: boolean;
  @UnfurlField() unfurl?: boolean;
}

export class DownloadUrlDto {
  @ApiProperty({ type: 'integer' }) file_id!: number;
  @ApiProperty({ description: 'Valid until expires_at; the same URL for 10 minutes' }) url!: string;
  @ApiProperty({ type: 'integer', description: 'Unix seconds, at least an hour ahead' })
  expires_at!: number;
}

@ApiTags('files')
@ApiAuth('files')
// Full paths: S.EE's routes here span several nouns (bio and bios), and each is found by grep.
@Controller()
export class PrivateFilesController {
  constructor(private readonly privateFiles: PrivateFilesService) {}

  @Get('api/v1/file/private/download-url')
  @ApiData(DownloadUrlDto)
  @ApiErrors({ 404: ['not_found'] })
  @ApiOperation({
    summary: 'A signed download URL of one of your files (S.EE), valid at least an hour',
    description: 'On S3 storage: a presigned URL of the bucket.',
  })
  downloadUrl(
    @CurrentAccount() account: AuthenticatedAccount,
    @Query() q: DownloadUrlQuery,
  ): Promise<DownloadUrlDto> {
    return this.privateFiles.downloadUrl(account.id, q.file_id);
  }

  @Patch('api/v1/files/:id')
  @ApiData(FileRecordDto)
  @ApiErrors({ 404: ['not_found'] })
  @ApiOperation({ summary: 'Make one of your files private or public again, or out of previews' })
  update(
    @CurrentAccount() account: AuthenticatedAccount,
    @Param('id', IdPipe) id: number,
    @Body() dto: FileChangesDto,
  ): Promise<FileRecordDto> {
    return this.privateFiles.change(account.id, id, dto);
  }
}
