import { buildSync } from 'esbuild';
import { randomBytes } from 'node:crypto';
import { createServer, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { createAccount, TestAccount } from '../../../factories/account.factory';
import { createTestApp, TestApp } from '../../../utils/create-test-app';
import { hasChromium, launchChromium } from '../../../utils/chromium';
import { dbKind } from '../../../utils/test-database';

const run = dbKind() === 'sqlite' && hasChromium();

/** Uppy's core and tus plugin from npm, bundled for a page as a site of someone else's would. */
const uppyBundle = () =>
  buildSync({
    stdin: {
      contents:
        "import Uppy from '@uppy/core'; import Tus from '@uppy/tus'; " +
        'Object.assign(window, { Uppy, Tus });',
      resolveDir: __dirname,
    },
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    minify: true,
  }).outputFiles[0].text;

// Uppy on a page of another origin uploads through tus with a Bearer token: every PATCH of the
// upload URL needs a CORS preflight, and the headers Uppy reads must be exposed.
(run ? describe : describe.skip)('Uppy on another origin', () => {
  let t: TestApp;
  let a: TestAccount;
  let browser: Browser;
  let api: string;
  let site: Server;
  let siteUrl: string;

  beforeAll(async () => {
    t = await createTestApp();
    a = await createAccount(t);
    await t.app.listen(0, '127.0.0.1');
    api = `http://127.0.0.1:${(t.http.address() as AddressInfo).port}`;
    const script = uppyBundle();
    site = createServer((req, res) => {
      if (req.url === '/uppy.js') {
        res.writeHead(200, { 'Content-Type': 'text/javascript' }).end(script);
      } else {
        res.writeHead(200, { 'Content-Type': 'text/html' });
        res.end('<!doctype html><title>someone else</title><script src="/uppy.js"></script>');
      }
    });
    await new Promise<void>((resolve) => site.listen(0, 'localhost', resolve));
    siteUrl = `http://localhost:${(site.address() as AddressInfo).port}`;
    browser = await launchChromium();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => site?.close(resolve));
    await t?.close();
  });

  it('should take a file in several chunks, and show it among the files', async () => {
    const page = await browser.newPage();
    await page.goto(siteUrl);
    const size = 700 * 1024;
    const seed = randomBytes(16).toString('hex');
    const outcome = await page.evaluate(
      async ({ endpoint, token, size, seed }) => {
        type UppyResult = { successful?: { uploadURL?: string }[]; failed?: unknown[] };
        const w = window as unknown as {
          Uppy: new (o: object) => {
            use: (p: unknown, o: object) => void;
            addFile: (f: object) => void;
            upload: () => Promise<UppyResult>;
          };
          Tus: unknown;
        };
        const uppy = new w.Uppy({ autoProceed: false });
        uppy.use(w.Tus, {
          endpoint,
          headers: { Authorization: `Bearer ${token}` },
          chunkSize: 256 * 1024,
          retryDelays: [],
        });
        const bytes = new Uint8Array(size).map((_, i) => seed.charCodeAt(i % seed.length));
        uppy.addFile({
          name: 'from-uppy.bin',
          type: 'application/octet-stream',
          data: new Blob([bytes]),
        });
        const result = await uppy.upload();
        return {
          successful: result.successful?.length ?? 0,
          failed: result.failed?.length ?? 0,
          url: result.successful?.[0]?.uploadURL ?? '',
        };
      },
      { endpoint: `${api}/api/v1/file/large-file-tus`, token: a.token, size, seed },
    );
    expect(outcome).toMatchObject({ successful: 1, failed: 0 });
    expect(outcome.url).toMatch(/\/api\/v1\/file\/large-file-tus\/[0-9a-f]{32}$/);
    const files = await t.api().get('/api/v1/files').set(a.auth).expect(200);
    expect(files.body.data).toContainEqual(
      expect.objectContaining({ filename: 'from-uppy.bin', size }),
    );
  });

  it('should answer the preflight of an upload URL and say when an upload expires', async () => {
    const made = await t
      .api()
      .post('/api/v1/file/large-file-tus')
      .set(a.auth)
      .set('Tus-Resumable', '1.0.0')
      .set('Upload-Length', '10')
      .expect(201);
    expect(Date.parse(made.headers['upload-expires'])).toBeGreaterThan(Date.now());
    const preflight = await t
      .api()
      .options(new URL(made.headers.location).pathname)
      .set('Origin', 'https://elsewhere.example')
      .set('Access-Control-Request-Method', 'PATCH')
      .set(
        'Access-Control-Request-Headers',
        'authorization,tus-resumable,upload-offset,content-type',
      );
    expect(preflight.status).toBeLessThan(300);
    expect(preflight.headers['access-control-allow-methods']).toContain('PATCH');
    expect(preflight.headers['access-control-allow-headers']).toMatch(/Upload-Offset/i);
  });
});
