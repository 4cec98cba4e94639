import { Body, Controller, Delete, Param, Post, UploadedFiles } from '@nestjs/common';
import { ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthenticatedAccount } from '../auth/authenticated-account';
import { CurrentAccount } from '../auth/current-account.decorator';
import { ApiAuth } from '../auth/scopes/api-auth.decorator';
import { ApiData, ApiErrors } from '../common/openapi-responses';
import { IdPipe } from '../common/pipes/id.pipe';
import { AcceptsUpload } from '../files/upload/accepts-upload.decorator';
import type { UploadedFile } from '../files/upload/streaming-storage-engine';
import { BundleFilesService } from './bundle-files.service';
import { BundleDto } from './dto/bundle.dto';

/** The files of a bundle: added by upload or by id, taken out by id. */
@ApiTags('bundles')
@ApiAuth('files')
@Controller('api/v1/bundles/:id/files')
export class BundleFilesController {
  constructor(private readonly files: BundleFilesService) {}

  @Post()
  @AcceptsUpload('or-json')
  @ApiConsumes('multipart/form-data', 'application/json')
  @ApiData(BundleDto, { status: 201 })
  @ApiErrors({ 404: ['not_found'], 409: ['conflict'], 413: ['file_too_large', 'quota_exceeded'] })
  @ApiOperation({
    summary: 'Add files: one uploaded as `file` (multipart), or yours by id (`{ file_ids }`)',
  })
  add(
    @CurrentAccount() account: AuthenticatedAccount,
    @Param('id', IdPipe) id: number,
    @UploadedFiles() uploaded: UploadedFile[] | undefined,
    @Body() body: unknown,
  ): Promise<BundleDto> {
    return this.files.add(account, id, uploaded, body);
  }

  @Delete(':fileId')
  @ApiData(BundleDto)
  @ApiErrors({ 404: ['not_found'] })
  @ApiOperation({ summary: 'Take a file out of the bundle (the file stays, as its own share)' })
  remove(
    @CurrentAccount() account: AuthenticatedAccount,
    @Param('id', IdPipe) id: number,
    @Param('fileId', IdPipe) fileId: number,
  ): Promise<BundleDto> {
    return this.files.remove(account.id, id, fileId);
  }
}
