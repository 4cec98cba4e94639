import { Controller, Get, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Public } from '../common/decorators/public.decorator';
import { RawResponse } from '../common/decorators/raw-response.decorator';
import { isCountable } from '../analytics/capture/countable';
import { assertNotBlocked, VisitsService } from '../links/resolve/visits.service';
import { notFound } from '../common/errors/domain-error';
import { DomainsService } from '../domains/domains.service';
import { FileServer } from './file-server';
import { FilesService } from '../files/files.service';
import { PrivateFilesService } from '../files/private-files.service';
import { visitSourceOf } from './visit-source';

/** The bytes at `/u/<yyyy>/<mm>/<dd>/<random>/<storename>` (the record's `url`). */
@ApiExcludeController()
@Public()
@RawResponse()
@Controller('u')
export class FileBytesController {
  constructor(
    private readonly files: FilesService,
    private readonly server: FileServer,
    private readonly visits: VisitsService,
    private readonly domains: DomainsService,
    private readonly privateFiles: PrivateFilesService,
  ) {}

  @Get('*path')
  async get(@Req() req: Request, @Res() res: Response): Promise<void> {
    const file = await this.files.getByPath(req.path.slice('/u'.length));
    // A custom domain serves its own files' bytes only; a claimed, unverified host serves none.
    const domain = this.domains.forRequest(req.headers.host);
    if (!domain || (domain.accountId !== null && domain.id !== file.link!.domainId)) {
      throw notFound('File');
    }
    assertNotBlocked(file.link!);
    // A private file's bytes only with a current signature (GET /file/private/download-url).
    if (!(await this.privateFiles.servable(file, req.query))) throw notFound('File');
    if (isCountable(req.method, req.headers.range)) {
      this.visits.record(file.link!, visitSourceOf(req));
    }
    await this.server.send(req, res, file);
  }
}
