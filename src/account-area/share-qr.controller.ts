import { Controller, Get, Param, ParseIntPipe, Res } from '@nestjs/common';
import type { Response } from 'express';
import { notFound } from '../common/errors/domain-error';
import { LinksService } from '../links/links.service';
import { QR_CONTENT_TYPES, qrImage } from '../qr/qr-images';
import { AccountArea } from './account-area.decorator';
import { CurrentViewer } from './current-session.decorator';
import type { Viewer } from './pages';

/** `/account/shares/:id/qr.png|svg`: any of the account's shares, from this site. */
@AccountArea()
@Controller('account/shares')
export class ShareQrController {
  constructor(private readonly links: LinksService) {}

  /** The short URL with `?qr=1` (scans show in analytics); the pages allow no other site's images. */
  @Get(':id/qr.:format')
  async qr(
    @CurrentViewer() viewer: Viewer,
    @Param('id', ParseIntPipe) id: number,
    @Param('format') format: string,
    @Res() res: Response,
  ): Promise<void> {
    if (format !== 'svg' && format !== 'png') throw notFound('QR code');
    const link = await this.links.get(viewer.account!.id, { id });
    const image = await qrImage(`${link.short_url}?qr=1`, format);
    res
      .status(200)
      .type(QR_CONTENT_TYPES[format])
      .set('Cache-Control', 'private, max-age=3600')
      .set('Content-Disposition', `inline; filename="${link.slug}-qr.${format}"`)
      .send(image);
  }
}
