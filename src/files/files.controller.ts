import { Controller, Delete, Get, HttpCode, Param, Post, Query, Req } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import type { AuthenticatedAccount } from '../auth/authenticated-account';
import { AcceptsMultipart } from '../common/decorators/accepts-multipart.decorator';
import { CurrentAccount } from '../common/decorators/current-account.decorator';
import { Public } from '../common/decorators/public.decorator';
import { ApiAuth } from '../common/openapi';
import { FileRecordDto } from './dto/file-record.dto';
import { HistoryQuery } from './dto/history.query';
import { FilesService } from './files.service';

/** Files, and the compatibility layer: old clients replace their base with `{base_url}/file`. */
@ApiTags('files')
@Controller('api/v1')
export class FilesController {
  constructor(private readonly files: FilesService) {}

  @Post('file/upload')
  @HttpCode(200)
  @ApiAuth()
  @AcceptsMultipart()
  @ApiConsumes('multipart/form-data')
  @ApiBody({
    schema: {
      type: 'object',
      properties: {
        file: { type: 'string', format: 'binary', description: 'or `legacyfile`, or `smfile`' },
        domain: { type: 'string' },
        custom_slug: { type: 'string' },
      },
    },
  })
  @ApiOperation({ summary: 'Upload a file (streamed; the plan limits apply as it arrives)' })
  upload(
    @CurrentAccount() account: AuthenticatedAccount,
    @Req() req: Request,
  ): Promise<FileRecordDto> {
    return this.files.upload(account, req);
  }

  @Get('files')
  @ApiAuth()
  @ApiOperation({ summary: 'Your files, 30 per page, newest first' })
  history(@CurrentAccount() account: AuthenticatedAccount, @Query() q: HistoryQuery) {
    return this.files.history(account.id, q.page);
  }

  @Get('file/upload_history')
  @ApiAuth()
  @ApiOperation({ summary: 'The same as GET /files, where old clients look for it' })
  uploadHistory(@CurrentAccount() account: AuthenticatedAccount, @Query() q: HistoryQuery) {
    return this.files.history(account.id, q.page);
  }

  @Get('file/delete/:hash')
  @Public()
  @ApiOperation({ summary: 'Delete a file by its delete hash (no token: the hash is the key)' })
  deleteByGet(@Param('hash') hash: string) {
    return this.files.deleteByHash(hash);
  }

  @Delete('file/delete/:hash')
  @Public()
  @ApiOperation({ summary: 'Delete a file by its delete hash' })
  delete(@Param('hash') hash: string) {
    return this.files.deleteByHash(hash);
  }
}
