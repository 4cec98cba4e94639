import { Controller, Delete, Head, Options, Param, Patch, Post, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiParam, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import type { AuthenticatedAccount } from '../../auth/authenticated-account';
import { CurrentAccount } from '../../auth/current-account.decorator';
import { Public } from '../../common/decorators/public.decorator';
import { RawResponse } from '../../common/decorators/raw-response.decorator';
import { ApiAuth } from '../../auth/scopes/api-auth.decorator';
import { ApiErrors } from '../../common/openapi-responses';
import { LargeUploadsService } from './large-uploads.service';
import { TusHandler } from './tus-handler';

/** The tus 1.0 endpoint (`upload_url`): any tus client, authenticated like every API call. */
@ApiTags('files')
@RawResponse()
@Controller('api/v1/file/large-file-tus')
export class TusController {
  constructor(
    private readonly tus: TusHandler,
    private readonly uploads: LargeUploadsService,
  ) {}

  @Post()
  @ApiAuth('files:write')
  @ApiResponse({
    status: 201,
    description: 'Created: Location is the upload URL',
    headers: {
      Location: { description: 'The upload URL (HEAD, PATCH, DELETE)', schema: { type: 'string' } },
      'Tus-Resumable': {
        description: 'The tus version',
        schema: { type: 'string', enum: ['1.0.0'] },
      },
      'Upload-Expires': {
        description: 'When the unfinished upload ends (RFC 9110 date): UPLOAD_SESSION_HOURS',
        schema: { type: 'string' },
      },
    },
  })
  @ApiErrors({ 413: ['file_too_large', 'quota_exceeded'] })
  @ApiOperation({
    summary: 'tus creation (and creation-with-upload): Upload-Length, Upload-Metadata filename',
    description: 'Metadata may carry domain, alias, title, password, expire_at, is_private.',
  })
  create(@Req() req: Request, @Res() res: Response): Promise<void> {
    return this.tus.handle(req, res);
  }

  @Options()
  @Public()
  @ApiResponse({ status: 204, description: 'tus capabilities (Tus-Version, Tus-Extension)' })
  @ApiOperation({ summary: 'tus discovery' })
  options(@Req() req: Request, @Res() res: Response): Promise<void> {
    return this.tus.handle(req, res);
  }

  // A browser's CORS preflight (Uppy, tus-js-client on another origin) comes before every
  // HEAD, PATCH and DELETE of an upload URL, without credentials: public, as discovery is.
  @Options(':id')
  @Public()
  @ApiParam({ name: 'id', description: 'The upload id (the last segment of the upload URL)' })
  @ApiResponse({ status: 204, description: 'CORS preflight: the methods and headers allowed' })
  @ApiOperation({ summary: 'tus: the CORS preflight of an upload URL' })
  preflight(@Req() req: Request, @Res() res: Response): Promise<void> {
    return this.tus.handle(req, res);
  }

  @Head(':id')
  @ApiAuth('files:write')
  @ApiResponse({ status: 200, description: 'Upload-Offset: where to resume' })
  @ApiErrors({ 404: ['not_found'], 423: ['upload_locked'] })
  @ApiOperation({ summary: 'tus: how many bytes arrived' })
  head(
    @CurrentAccount() account: AuthenticatedAccount,
    @Param('id') id: string,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    return this.ownedThenTus(account, id, req, res);
  }

  @Patch(':id')
  @ApiAuth('files:write')
  @ApiResponse({ status: 204, description: 'Upload-Offset: the new offset' })
  @ApiErrors({ 404: ['not_found'], 423: ['upload_locked'] })
  @ApiOperation({ summary: 'tus: append bytes at Upload-Offset (application/offset+octet-stream)' })
  patch(
    @CurrentAccount() account: AuthenticatedAccount,
    @Param('id') id: string,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    return this.ownedThenTus(account, id, req, res);
  }

  @Delete(':id')
  @ApiAuth('files:write')
  @ApiResponse({ status: 204, description: 'Terminated: parts removed, bytes given back' })
  @ApiErrors({ 404: ['not_found'], 409: ['conflict'], 423: ['upload_locked'] })
  @ApiOperation({ summary: 'tus termination: cancel the upload' })
  async terminate(
    @CurrentAccount() account: AuthenticatedAccount,
    @Param('id') id: string,
    @Res() res: Response,
  ): Promise<void> {
    await this.uploads.cancel(account.id, id);
    res.status(204).set('Tus-Resumable', '1.0.0').end();
  }

  /** Another account's upload is a 404 before tus sees the request. */
  private async ownedThenTus(
    account: AuthenticatedAccount,
    id: string,
    req: Request,
    res: Response,
  ) {
    await this.uploads.owned(account.id, id);
    await this.tus.handle(req, res);
  }
}
