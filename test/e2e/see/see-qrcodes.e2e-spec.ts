import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { VisitRecorder } from '../../../src/analytics/capture/visit-recorder';
import { createAccount, TestAccount } from '../../factories/account.factory';
import { createTestApp, TestApp } from '../../utils/create-test-app';

/** What a phone camera reads from the PNG. */
function scan(png: Buffer): string | undefined {
  const img = PNG.sync.read(png);
  return jsQR(new Uint8ClampedArray(img.data), img.width, img.height)?.data;
}

// S.EE's Qrcode resource (sdotee/sdk.ts Qrcode.ts, types.ts) and the images behind it.
describe('S.EE QR codes', () => {
  let t: TestApp;
  let a: TestAccount;
  beforeAll(async () => {
    t = await createTestApp();
    a = await createAccount(t);
  });
  afterAll(() => t.close());

  const image = (path: string) => t.api().get(path).responseType('blob');
  const pathOf = (url: string) => new URL(url).pathname;

  it('should make a QR code whose PNG scans to the short URL with ?qr=1', async () => {
    const res = await t
      .api()
      .post('/api/v1/qrcode')
      .set('Authorization', a.token)
      .send({ target_url: 'https://example.com/menu', title: 'Menu', custom_slug: 'menu-qr' })
      .expect(200);
    expect(res.body).toMatchObject({ code: 200, message: expect.any(String) });
    const base = 'http://localhost:3000/menu-qr';
    expect(res.body.data).toEqual({
      slug: 'menu-qr',
      custom_slug: 'menu-qr',
      short_url: base,
      png_url: `${base}/qr.png`,
      svg_url: `${base}/qr.svg`,
      pdf_url: `${base}/qr.pdf`,
    });
    const png = await image(pathOf(res.body.data.png_url)).expect(200);
    expect(png.headers['content-type']).toBe('image/png');
    expect(scan(png.body as Buffer)).toBe(`${base}?qr=1`);
    const big = await image('/menu-qr/qr.png?size=1024').expect(200);
    expect(PNG.sync.read(big.body as Buffer).width).toBe(1024);
  });

  it('should draw SVG and a well-formed one-page PDF', async () => {
    const svg = await image('/menu-qr/qr.svg').expect(200);
    expect(svg.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect((svg.body as Buffer).toString()).toMatch(
      /^<svg [^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/,
    );
    const pdf = await image('/menu-qr/qr.pdf').expect(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = (pdf.body as Buffer).toString('latin1');
    expect(text.startsWith('%PDF-1.4\n')).toBe(true);
    expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
    // Every object sits where the cross-reference table says (what a PDF reader checks).
    const xrefAt = Number(/startxref\n(\d+)/.exec(text)![1]);
    expect(text.slice(xrefAt, xrefAt + 4)).toBe('xref');
    const offsets = [...text.slice(xrefAt).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => +m[1]);
    expect(offsets).toHaveLength(4);
    offsets.forEach((o, i) => expect(text.slice(o, o + 8)).toBe(`${i + 1} 0 obj\n`));
    expect(text).toMatch(/\d+ \d+ \d+ 6 re/);
  });

  it('should give every share a QR code, and refuse bad sizes and unknown slugs', async () => {
    const link = await t
      .api()
      .post('/api/v1/shorten')
      .set(a.auth)
      .send({ target_url: 'https://example.com/', custom_slug: 'plain-link' })
      .expect(200);
    const png = await image('/plain-link/qr.png').expect(200);
    expect(scan(png.body as Buffer)).toBe(`${link.body.data.short_url}?qr=1`);
    expect((await t.api().get('/plain-link/qr.png?size=10').expect(400)).body.error).toBe(
      'validation_failed',
    );
    await t.api().get('/no-such-slug/qr.svg').expect(404);
  });

  it('should list QR codes with their scans and total, apart from plain links', async () => {
    await t.api().get('/menu-qr?qr=1').expect(302);
    await t.api().get('/menu-qr?qr=1').set('User-Agent', 'Googlebot/2.1').expect(302);
    await t.app.get(VisitRecorder).flush();
    const res = await t.api().get('/api/v1/qrcodes?page=1').set(a.auth).expect(200);
    expect(res.body.data.total).toBe(1);
    expect(res.body.data.qrcodes).toEqual([
      {
        slug: 'menu-qr',
        short_url: 'http://localhost:3000/menu-qr',
        domain: 'localhost:3000',
        title: 'Menu',
        scan_count: 1,
        created_at: expect.any(Number),
        png_url: 'http://localhost:3000/menu-qr/qr.png',
        svg_url: 'http://localhost:3000/menu-qr/qr.svg',
        pdf_url: 'http://localhost:3000/menu-qr/qr.pdf',
      },
    ]);
    const links = await t.api().get('/api/v1/links').set(a.auth).expect(200);
    const kinds = (links.body.data as { slug: string; object_type: number }[]).map((l) => [
      l.slug,
      l.object_type,
    ]);
    expect(kinds).toEqual(
      expect.arrayContaining([
        ['menu-qr', 4],
        ['plain-link', 1],
      ]),
    );
    const usage = await t.api().get('/api/v1/usage').set(a.auth).expect(200);
    expect(usage.body.data).toMatchObject({ qrcode_count_day: 1, link_count_day: 1 });
  });

  it("should delete only a QR code, and only the owner's", async () => {
    const other = await createAccount(t);
    const del = (who: TestAccount, slug: string) =>
      t.api().delete('/api/v1/qrcode').set(who.auth).send({ domain: 'localhost:3000', slug });
    expect((await del(a, 'plain-link').expect(404)).body.error).toBe('not_found');
    await del(other, 'menu-qr').expect(404);
    await del(a, 'menu-qr').expect(200);
    await image('/menu-qr/qr.png').expect(404);
    const res = await t.api().get('/api/v1/qrcodes').set(a.auth).expect(200);
    expect(res.body.data).toEqual({ qrcodes: [], total: 0 });
  });

  it('should refuse a QR code without a valid target_url', async () => {
    const res = await t.api().post('/api/v1/qrcode').set(a.auth).send({ title: 'x' });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('validation_failed');
  });
});

describe('QR images under load', () => {
  let t: TestApp;
  let a: TestAccount;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: '1' });
    a = await createAccount(t);
    await t
      .api()
      .post('/api/v1/shorten')
      .set(a.auth)
      .send({ target_url: 'https://example.com/qr-load', custom_slug: 'qr-load' })
      .expect(200);
  });
  afterAll(() => t.close());

  const image = (size: number, ip = '198.51.100.7') =>
    t.api().get(`/qr-load/qr.png?size=${size}`).set('X-Forwarded-For', ip).responseType('blob');

  it('should draw codes up to 2048 pixels that scan, and serve them again from memory', async () => {
    const first = await image(2048).expect(200);
    const header = first.body as Buffer; // IHDR: width and height after the signature
    expect([header.readUInt32BE(16), header.readUInt32BE(20)]).toEqual([2048, 2048]);
    expect(scan((await image(700).expect(200)).body as Buffer)).toBe(
      'http://localhost:3000/qr-load?qr=1',
    );
    const again = await image(2048).expect(200);
    expect(Buffer.compare(again.body as Buffer, first.body as Buffer)).toBe(0);
  });

  it('should limit the codes one client has drawn, not the ones already drawn', async () => {
    const ip = '203.0.113.99';
    const statuses: number[] = [];
    for (let size = 100; size < 161; size++) statuses.push((await image(size, ip)).status);
    expect(statuses.slice(0, 60).every((s) => s === 200)).toBe(true);
    const refused = await t
      .api()
      .get('/qr-load/qr.png?size=161')
      .set('X-Forwarded-For', ip)
      .set('Accept', 'application/json');
    expect(refused.status).toBe(429);
    expect(refused.headers['content-type']).toMatch(/^application\/json/);
    expect(refused.body).toMatchObject({ code: 429, error: 'rate_limited' });
    await image(2048, ip).expect(200); // drawn already, by someone else
    await image(161, '203.0.113.100').expect(200); // another client
  });
});
