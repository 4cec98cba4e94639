import { Controller, Get, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Public } from '../common/decorators/public.decorator';
import { RawResponse } from '../common/decorators/raw-response.decorator';
import { notFound } from '../common/errors/domain-error';
import { FileServer } from './file-server';
import { FilesRepository } from './files.repository';

/** The bytes at `/u/<yyyy>/<mm>/<dd>/<random>/<storename>` (the record's `url`). */
@ApiExcludeController()
@Public()
@RawResponse()
@Controller('u')
export class FileBytesController {
  constructor(
    private readonly files: FilesRepository,
    private readonly server: FileServer,
  ) {}

  @Get('*path')
  async get(@Req() req: Request, @Res() res: Response): Promise<void> {
    const path = req.path.slice('/u'.length);
    const file = /^\/\d{4}\/\d{2}\/\d{2}\/[0-9a-f]{12}\/[A-Za-z0-9]{16}\.[a-z0-9]+$/.test(path)
      ? await this.files.getByPath(path)
      : null;
    if (!file) throw notFound('File');
    await this.server.send(req, res, file);
  }
}
