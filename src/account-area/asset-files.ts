import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

export interface Asset {
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
export const ASSETS: Record<string, Asset> = {
  'app.css': load(join(__dirname, 'assets', 'app.css'), 'text/css; charset=utf-8'),
  'app.js': load(join(__dirname, 'assets', 'app.js'), 'text/javascript; charset=utf-8'),
  'icon.svg': load(join(__dirname, 'assets', 'icon.svg'), 'image/svg+xml'),
  'theme.js': load(join(__dirname, 'assets', 'theme.js'), 'text/javascript; charset=utf-8'),
  'sw.js': load(join(__dirname, 'assets', 'sw.js'), 'text/javascript; charset=utf-8'),
  'icon-192.png': load(join(__dirname, 'assets', 'icon-192.png'), 'image/png'),
  'icon-512.png': load(join(__dirname, 'assets', 'icon-512.png'), 'image/png'),
  'icon-maskable-512.png': load(join(__dirname, 'assets', 'icon-maskable-512.png'), 'image/png'),
  'chart.umd.js': load(
    // chart.js exports no subpaths: its UMD build sits beside its main file.
    join(dirname(require.resolve('chart.js')), 'chart.umd.min.js'),
    'text/javascript; charset=utf-8',
  ),
  // jsvectormap: the country map of the analytics pages, and its world map.
  'jsvectormap.js': load(
    require.resolve('jsvectormap/dist/jsvectormap.min.js'),
    'text/javascript; charset=utf-8',
  ),
  'world-map.js': load(
    require.resolve('jsvectormap/dist/maps/world.js'),
    'text/javascript; charset=utf-8',
  ),
  // @simplewebauthn/browser: passkeys on the log-in and security pages (window.SimpleWebAuthnBrowser).
  'webauthn.js': load(
    join(
      dirname(require.resolve('@simplewebauthn/browser')),
      '..',
      'dist',
      'bundle',
      'index.umd.min.js',
    ),
    'text/javascript; charset=utf-8',
  ),
  'jsvectormap.css': load(
    require.resolve('jsvectormap/dist/jsvectormap.min.css'),
    'text/css; charset=utf-8',
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
