import { Controller, Get, Param, ParseIntPipe, Res } from '@nestjs/common';
import type { Response } from 'express';
import { notFound } from '../common/errors/domain-error';
import { FilesService } from '../files/files.service';
import { THUMB_SIZES, ThumbSize } from '../files/media/thumbnail-sizes';
import { Thumbnails } from '../files/media/thumbnails';
import { AccountArea } from './account-area.decorator';
import { CurrentViewer } from './current-session.decorator';
import type { Viewer } from './pages';

/**
 * `/account/files/:id/thumb/:size`: a file's thumbnail for its owner's gallery, whatever the
 * share's state (private, password, expired): the public address serves public files only.
 */
@AccountArea()
@Controller('account/files')
export class FileThumbsController {
  constructor(
    private readonly files: FilesService,
    private readonly thumbnails: Thumbnails,
  ) {}

  @Get(':id/thumb/:size')
  async thumb(
    @CurrentViewer() viewer: Viewer,
    @Param('id', ParseIntPipe) id: number,
    @Param('size', ParseIntPipe) size: number,
    @Res() res: Response,
  ): Promise<void> {
    if (!THUMB_SIZES.includes(size as ThumbSize)) throw notFound('Thumbnail');
    const file = await this.files.owned(viewer.account!.id, id);
    const bytes = await this.thumbnails.read(file, size as ThumbSize);
    if (!bytes) throw notFound('Thumbnail');
    res.set({ 'Content-Type': 'image/webp', 'Cache-Control': 'private, max-age=86400' });
    res.send(bytes);
  }
}
