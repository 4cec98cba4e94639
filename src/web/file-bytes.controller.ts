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
import type { ThumbSize } from '../files/media/thumbnail-sizes';

/**
 * The bytes at `/u/<yyyy>/<mm>/<dd>/<random>/<storename>` (the record's `url`), and an image's
 * thumbnails beside them (`thumb_url`).
 */
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
    const path = req.path.slice('/u'.length);
    // `<path>.320.webp`, `<path>.1280.webp`: the file's thumbnails (a visit of neither).
    const thumb = /^(.+)\.(320|1280)\.webp$/.exec(path);
    const file = await this.files.getByPath(thumb ? thumb[1] : path);
    // A custom domain serves its own files' bytes only; a claimed, unverified host serves none.
    const domain = this.domains.forRequest(req.headers.host);
    if (!domain || (domain.accountId !== null && domain.id !== file.link!.domainId)) {
      throw notFound('File');
    }
    assertNotBlocked(file.link!);
    // A private file's bytes only with a current signature (GET /file/private/download-url).
    if (!(await this.privateFiles.servable(file, req.query))) throw notFound('File');
    if (thumb) return this.server.sendThumbnail(req, res, file, Number(thumb[2]) as ThumbSize);
    if (isCountable(req.method, req.headers.range)) {
      this.visits.record(file.link!, visitSourceOf(req));
    }
    await this.server.send(req, res, file);
  }
}
