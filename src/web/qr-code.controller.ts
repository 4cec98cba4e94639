import { Controller, Get, Param, Query, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Public } from '../common/decorators/public.decorator';
import { RawResponse } from '../common/decorators/raw-response.decorator';
import { invalid } from '../common/errors/domain-error';
import { DomainsService } from '../domains/domains.service';
import { VisitsService } from '../links/resolve/visits.service';
import { QrImageCache } from '../qr/qr-image-cache';
import { DEFAULT_QR_WIDTH, QR_CONTENT_TYPES, QrFormat } from '../qr/qr-images';
import { ApiErrors, ApiRaw } from '../common/openapi-responses';

/** `/<slug>/qr.png|svg|pdf`: the share's short URL with `?qr=1`, so scans show in analytics. */
@ApiTags('qr codes')
@Public()
@RawResponse()
@Controller()
export class QrCodeController {
  constructor(
    private readonly visits: VisitsService,
    private readonly domains: DomainsService,
    private readonly images: QrImageCache,
  ) {}

  @Get(':slug/qr.png')
  @ApiRaw({ type: 'string', format: 'binary' }, { mediaType: 'image/png' })
  @ApiErrors({ 400: ['validation_failed'], 404: ['not_found'], 429: ['rate_limited'] })
  @ApiProduces('image/png')
  @ApiOperation({ summary: "A share's QR code as PNG; ?size= its width in pixels (64-2048)" })
  png(
    @Param('slug') slug: string,
    @Query('size') size: unknown,
    @Req() req: Request,
    @Res() res: Response,
  ) {
    return this.send('png', slug, req, res, sizeOf(size));
  }

  @Get(':slug/qr.svg')
  @ApiRaw({ type: 'string' }, { mediaType: 'image/svg+xml' })
  @ApiErrors({ 404: ['not_found'] })
  @ApiProduces('image/svg+xml')
  @ApiOperation({ summary: "A share's QR code as SVG" })
  svg(@Param('slug') slug: string, @Req() req: Request, @Res() res: Response) {
    return this.send('svg', slug, req, res);
  }

  @Get(':slug/qr.pdf')
  @ApiRaw({ type: 'string', format: 'binary' }, { mediaType: 'application/pdf' })
  @ApiErrors({ 404: ['not_found'] })
  @ApiProduces('application/pdf')
  @ApiOperation({ summary: "A share's QR code as a one-page vector PDF, for print" })
  pdf(@Param('slug') slug: string, @Req() req: Request, @Res() res: Response) {
    return this.send('pdf', slug, req, res);
  }

  private async send(format: QrFormat, slug: string, req: Request, res: Response, size?: number) {
    const link = await this.visits.lookup(req.headers.host, slug);
    const url = `${this.domains.shortUrl(link.domainId, link.slug)}?qr=1`;
    // Drawn before any header is set: a refusal must not go out as an image.
    const image = await this.images.image(url, format, size ?? DEFAULT_QR_WIDTH, req.ip ?? '');
    res
      .status(200)
      .type(QR_CONTENT_TYPES[format])
      .set('Cache-Control', 'public, max-age=86400')
      .set('Content-Disposition', `inline; filename="${link.slug}-qr.${format}"`)
      .send(image);
  }
}

function sizeOf(v: unknown): number | undefined {
  if (v === undefined) return undefined;
  const n = typeof v === 'string' && /^\d{1,4}$/.test(v) ? Number(v) : NaN;
  if (!(n >= 64 && n <= 2048)) throw invalid('size', 'size must be a whole number from 64 to 2048');
  return n;
}
