import { Controller, Get, Param, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Public } from '../common/decorators/public.decorator';
import { RawResponse } from '../common/decorators/raw-response.decorator';
import { notFound } from '../common/errors/domain-error';

interface Asset {
  body: Buffer;
  type: string;
  etag: string;
}

const load = (file: string, type: string): Asset => {
  const body = readFileSync(file);
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`;
  return { body, type, etag };
};

/** Every asset the pages use, served by the app itself (no CDN), read once at start. */
const ASSETS: Record<string, Asset> = {
  'app.css': load(join(__dirname, 'assets', 'app.css'), 'text/css; charset=utf-8'),
  'app.js': load(join(__dirname, 'assets', 'app.js'), 'text/javascript; charset=utf-8'),
  'icon.svg': load(join(__dirname, 'assets', 'icon.svg'), 'image/svg+xml'),
  'theme.js': load(join(__dirname, 'assets', 'theme.js'), 'text/javascript; charset=utf-8'),
  'chart.umd.js': load(
    // chart.js exports no subpaths: its UMD build sits beside its main file.
    join(dirname(require.resolve('chart.js')), 'chart.umd.min.js'),
    'text/javascript; charset=utf-8',
  ),
};

/** Changes with the assets, so pages can ask browsers to keep them. */
export const ASSET_VERSION = createHash('sha256')
  .update(
    Object.values(ASSETS)
      .map((a) => a.etag)
      .join(),
  )
  .digest('hex')
  .slice(0, 12);

@ApiExcludeController()
@Public()
@RawResponse()
@Controller('assets')
export class AssetsController {
  @Get(':name')
  serve(@Param('name') name: string, @Req() req: Request, @Res() res: Response): void {
    const asset = Object.hasOwn(ASSETS, name) ? ASSETS[name] : undefined;
    if (!asset) throw notFound('Asset');
    res.set({
      'Content-Type': asset.type,
      'Cache-Control': 'public, max-age=86400',
      ETag: asset.etag,
      'X-Content-Type-Options': 'nosniff',
    });
    if (req.headers['if-none-match'] === asset.etag) res.status(304).end();
    else res.status(200).send(asset.body);
  }
}
