import { Controller, Get, Param, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Public } from '../common/decorators/public.decorator';
import { RawResponse } from '../common/decorators/raw-response.decorator';
import { notFound } from '../common/errors/domain-error';
import { tk } from '../i18n/i18n';
import { Pages } from './pages';
import { ASSETS } from './asset-files';
import { MANIFEST } from './web-app-manifest';

@ApiExcludeController()
@Public()
@RawResponse()
@Controller('assets')
export class AssetsController {
  constructor(private readonly pages: Pages) {}

  @Get('manifest.webmanifest')
  manifest(@Res() res: Response): void {
    res.set({
      'Content-Type': 'application/manifest+json',
      'Cache-Control': 'public, max-age=3600',
    });
    res.send(MANIFEST);
  }

  /** What the service worker shows for an account page when there is no network. */
  @Get('offline.html')
  offline(@Res() res: Response): void {
    this.pages.send(res, 'offline', tk('You are offline'), {});
  }

  @Get(':name')
  serve(@Param('name') name: string, @Req() req: Request, @Res() res: Response): void {
    const asset = Object.hasOwn(ASSETS, name) ? ASSETS[name] : undefined;
    if (!asset) throw notFound('Asset');
    res.set({
      'Content-Type': asset.type,
      // The service worker checks for a new one on every start of the app.
      'Cache-Control': name === 'sw.js' ? 'no-cache' : 'public, max-age=86400',
      ETag: asset.etag,
      'X-Content-Type-Options': 'nosniff',
      // Served from /assets/, it may still look after every page of the site; its own policy
      // lets it fetch from this origin (the strict default of every answer would stop it).
      ...(name === 'sw.js'
        ? { 'Service-Worker-Allowed': '/', 'Content-Security-Policy': "default-src 'self'" }
        : {}),
    });
    if (req.headers['if-none-match'] === asset.etag) res.status(304).end();
    else res.status(200).send(asset.body);
  }
}
