import { Controller, Get, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Public } from '../common/decorators/public.decorator';
import { RawResponse } from '../common/decorators/raw-response.decorator';
import { FileServer } from './file-server';
import { FilesService } from '../files/files.service';

/** The bytes at `/u/<yyyy>/<mm>/<dd>/<random>/<storename>` (the record's `url`). */
@ApiExcludeController()
@Public()
@RawResponse()
@Controller('u')
export class FileBytesController {
  constructor(
    private readonly files: FilesService,
    private readonly server: FileServer,
  ) {}

  @Get('*path')
  async get(@Req() req: Request, @Res() res: Response): Promise<void> {
    const path = req.path.slice('/u'.length);
    await this.server.send(req, res, await this.files.getByPath(path));
  }
}
